import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMiddleware } from './errors';
import { requestLog } from './request-log';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.secret-id-token.signature';

describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  let base: string;
  let close: () => void;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = express();
    app.use(requestLog(pino(sink)));
    // Mounted at /api as the features are, so `url` loses the prefix while they answer.
    const api = express.Router();
    api.get('/products/search', (_req, res) => void res.json({ products: [] }));
    api.get('/health', (_req, res) => void res.json({ ok: true }));
    api.get('/broken', () => {
      throw new Error('the database went away');
    });
    app.use('/api', api);
    app.use(errorMiddleware);
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());
  beforeEach(() => {
    lines.length = 0;
  });

  it('logs method, path, status and time of an API request, and never its headers or query', async () => {
    await fetch(`${base}/api/products/search?q=gluten-free+bread`, {
      headers: { authorization: `Bearer ${TOKEN}`, cookie: 'session=abc123' },
    });
    await fetch(`${base}/api/health`);
    await expect.poll(() => lines.length).toBeGreaterThan(0);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', path: '/api/products/search' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    const text = JSON.stringify(line);
    for (const secret of [TOKEN, 'abc123', 'gluten-free', 'authorization', 'headers'])
      expect(text).not.toContain(secret);
  });

  it("names the request in a failure's line, so it can be found beside the request's own", async () => {
    expect((await fetch(`${base}/api/broken`)).status).toBe(500);
    await expect.poll(() => lines.length).toBe(2);
    const failure = lines.find((line) => line.msg === 'request failed');
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(failure).toMatchObject({
      err: { message: 'the database went away' },
      req: { path: '/api/broken' },
    });
    expect(completed).toMatchObject({ res: { statusCode: 500 } });
    expect((failure!.req as { id: number }).id).toBe((completed!.req as { id: number }).id);
  });
});
