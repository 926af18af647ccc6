import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort, waitFor } from '@labelwise/runtime';
import { createTestDatabase, nodeArgsFor } from '@labelwise/runtime/testing';
import { apiProcessEnv } from '../../testing/api-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const started: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.drop();
});

function startCluster(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, nodeArgsFor('backend/src/server/cluster.ts'), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: {
      ...apiProcessEnv({ port, databaseUrl: database.url, authEmulatorHost: inject('authEmulatorHost') }),
      API_PROCESSES: '2',
      ...env,
    },
  });
  started.push(child);
  const messages: unknown[] = [];
  child.on('message', (message) => messages.push(message));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, messages, exited };
}

/** The API processes the primary runs now (its other children are tsx's esbuild services). */
const apiProcesses = (primary: number) =>
  execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(primary)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === 'node')
    .map(([pid]) => Number(pid));

describe('the API cluster (API_PROCESSES)', () => {
  it('serves one port from two processes, tells the launcher once both listen, replaces one that dies, and stops cleanly', async () => {
    const port = await freePort();
    const { child, messages, exited } = startCluster(port);
    const config = () => fetch(`http://127.0.0.1:${port}/api/config`).then((res) => res.ok);
    await waitFor(async () => messages.length > 0, 'the cluster to report ready', 120_000);
    expect(messages).toEqual([{ type: 'ready', pid: child.pid, port }]);
    expect(apiProcesses(child.pid!)).toHaveLength(2);
    expect(await config()).toBe(true);
    const [first] = apiProcesses(child.pid!);
    process.kill(first!, 'SIGKILL');
    await waitFor(
      async () => {
        const now = apiProcesses(child.pid!);
        return now.length === 2 && !now.includes(first!);
      },
      'a replacement API process',
      60_000,
    );
    for (let i = 0; i < 6; i++) expect(await config()).toBe(true);
    expect(messages).toHaveLength(1);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 240_000);

  it('stops, instead of restarting forever, when its processes cannot start', async () => {
    const { exited } = startCluster(await freePort(), { SCAN_LIMIT: 'many' });
    expect(await exited).not.toBe(0);
  }, 120_000);
});
