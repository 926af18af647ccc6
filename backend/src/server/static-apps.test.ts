import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDED_OVER_ELEMENT_ID } from '@labelwise/domain';
import { JSDOM } from 'jsdom';
import { singlePageApp } from './static-apps';

const script = 'export const greeting = "hello labelwise";\n'.repeat(500);
const html = `<!doctype html><html><head><title>Labelwise</title></head><body><div id="root"></div>${'<p>x</p>'.repeat(200)}</body></html>`;
/**
 * A product name that tries to end the data element, open a comment, pass for a replacement pattern
 * and carries odd Unicode.
 */
const HOSTILE_NAME = `Oats</script><script>alert(1)</script><!-- & $' $& \u2028\u2029 \ud800 🌾 "q"`;
const manifest = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  'src/product-page.tsx': { file: 'assets/product-page-p1.js', imports: ['_react-r1.js', '_shared-s1.js'] },
  '_shared-s1.js': { file: 'assets/shared-s1.js', imports: ['index.html'] },
};

let dist: string;
let server: http.Server;
let base: string;

/** Writes a file and, as the build's precompress plugin does, its .br and .gz copies. */
function built(name: string, content: string, copies = true) {
  const file = path.join(dist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  if (!copies) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'static-apps-'));
  built('index.html', html);
  built('assets/index-abc123.js', script);
  built('.vite/manifest.json', JSON.stringify(manifest), false);
  built('manifest.webmanifest', '{"name":"Labelwise"}'.padEnd(800), false);
  const app = express();
  // As the API's security middleware does for every response.
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', "default-src 'self'");
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use(singlePageApp('/admin', dist));
  app.use(
    singlePageApp('/', dist, {
      pageMeta: async (pathname) =>
        pathname === '/product/7'
          ? { title: 'Oats & "Co"', description: 'Rated green <b>', type: 'product' }
          : pathname === '/product/8'
            ? {
                title: HOSTILE_NAME,
                description: 'A shared link',
                first: {
                  heading: HOSTILE_NAME,
                  details: 'Brand <i> · 150 g ℮',
                  banner: {
                    title: 'Warning',
                    text: 'Consider <b>',
                    background: '#b91c1c',
                    colour: '#ffffff',
                  },
                },
                answers: { '/api/products/8': { id: 8, name: HOSTILE_NAME } },
                modules: ['src/product-page.tsx'],
              }
            : null,
    }),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A raw HTTP GET (no transparent decompression): the bytes exactly as they came on the wire. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(base + url, { headers: { accept: 'text/html,*/*', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('singlePageApp delivery', () => {
  it('sends brotli bytes when the client accepts br, with the type of the original and immutable caching', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    // Document-only headers are left off scripts; nosniff stays.
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
  });

  it('sends gzip when br is not accepted, and identity bytes when no coding is', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(
        '/assets/index-abc123.js',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.body.toString()).toBe(script);
    }
  });

  it('compresses index.html too, for / and for client routes, and never caches it', async () => {
    for (const url of ['/', '/index.html', '/product/1']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(html);
      expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    }
  });

  it('sends a file without copies as it is, and does not expose the copies or escape the folder', async () => {
    const manifest = await get('/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(manifest.headers['content-encoding']).toBeUndefined();
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.vary ?? '').not.toMatch(/Accept-Encoding/i);

    const copy = await get('/assets/index-abc123.js.br', { accept: 'application/javascript' });
    expect(copy.status).toBe(404);
    const escape = await get('/..%2f..%2fetc%2fpasswd', { accept: 'application/javascript' });
    expect(escape.status).toBe(404);
  });

  it('sends a bare /admin on to /admin/, where the console loads, keeping the query', async () => {
    for (const [url, location] of [
      ['/admin', '/admin/'],
      ['/admin?tab=users', '/admin/?tab=users'],
    ]) {
      const res = await get(url!);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(location);
    }
    const adminPage = await get('/admin/', { 'accept-encoding': 'identity' });
    expect(adminPage.status).toBe(200);
    expect(adminPage.body.toString()).toBe(html);
    expect((await get('/administrator')).headers.location).toBeUndefined();
  });

  it('puts the page title and Open Graph tags of a product into index.html for link previews', async () => {
    const res = await get('/product/7', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = zlib.brotliDecompressSync(res.body).toString();
    expect(page).toContain('<title>Oats &amp; &quot;Co&quot; · Labelwise</title>');
    expect(page).toContain('<meta property="og:title" content="Oats &amp; &quot;Co&quot;" />');
    expect(page).toContain('<meta property="og:description" content="Rated green &lt;b&gt;" />');
    expect(page).toContain('<meta property="og:type" content="product" />');
    expect(page).toMatch(/<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/product\/7" \/>/);

    const plain = await get('/product/7');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('og:title');
  });

  it('hands a shared page its first view, API answer and chunk preloads, escaped, never cached as the shell', async () => {
    const shell = await get('/product/1', { 'accept-encoding': 'identity' });
    const res = await get('/product/8', { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeDefined();
    expect(res.headers.etag).not.toBe(shell.headers.etag);
    const page = res.body.toString();

    // The heading is text; the data element holds exactly the answer, and nothing breaks out of it.
    const dom = new JSDOM(page);
    const { document } = dom.window;
    // (A page is UTF-8: the lone surrogate can only be shown as U+FFFD; the JSON keeps it escaped.)
    expect(document.querySelector('#root h1')?.textContent).toBe(HOSTILE_NAME.replace('\ud800', '\ufffd'));
    expect(document.querySelector('#root h1 + p')?.textContent).toBe('Brand <i> · 150 g ℮');
    const banner = document.querySelector<HTMLElement>('#root [data-first-banner]');
    expect([...banner!.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Warning', 'Consider <b>']);
    expect(banner!.style.backgroundColor).toBe('rgb(185, 28, 28)');
    expect(document.querySelectorAll('script')).toHaveLength(1);
    const data = document.getElementById(HANDED_OVER_ELEMENT_ID);
    expect(data?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(data!.textContent!)).toEqual({ '/api/products/8': { id: 8, name: HOSTILE_NAME } });
    expect(data!.textContent).not.toMatch(/[<>\u2028\u2029]/);

    // The page's chunks, not those the start-up script loads anyway.
    const preloads = [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(preloads).toEqual(['/assets/product-page-p1.js', '/assets/shared-s1.js']);

    // Every other page is the shell, byte for byte; the manifest is not served.
    expect(shell.body.toString()).toBe(html);
    expect((await get('/.vite/manifest.json', { accept: 'application/json' })).status).toBe(404);
  });
});
