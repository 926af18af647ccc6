import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '@labelwise/runtime';
import { createTestDatabase, nodeArgsFor } from '@labelwise/runtime/testing';

/**
 * The real API process and the real launcher, on a port another process already holds: a listen
 * error is fatal and said as such, and "Labelwise is up" is printed only when the launcher's own
 * API listens, not when something else answers on its port.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
const running: ChildProcess[] = [];
const servers: http.Server[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-launcher-'));
});
afterEach(async () => {
  for (const child of running.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
afterAll(async () => {
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Another process's server on `port` that answers every request (health included) with 200. */
async function squat(port: number) {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"status":"ok"}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** Runs `script` with the test's environment, `env` over it (undefined: the variable unset). */
function run(
  script: string,
  port: number,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
) {
  const child = spawn(process.execPath, [...nodeArgsFor(script), ...args], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      FIREBASE_PROJECT_ID: inject('firebaseProjectId'),
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      ...env,
    },
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const messages: unknown[] = [];
  child.on('message', (message) => messages.push(message));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, messages, exited };
}

describe('the API process', () => {
  it('reports ready over IPC with its own pid once it listens, and stops with 0 on SIGTERM', async () => {
    const port = await freePort();
    const api = run('backend/src/server/main.ts', port);
    const deadline = Date.now() + 60_000;
    while (!api.messages.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(api.messages).toEqual([{ type: 'ready', pid: api.child.pid, port }]);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBeLessThan(500);
    expect(api.output()).toContain('API listening');
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
  });

  it('listens on 127.0.0.1 unless HOST says otherwise (#37.4)', async (context) => {
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4')?.address;
    if (!outside) return context.skip('this machine has no network address besides loopback to try');
    const answersOn = (host: string, port: number) =>
      fetch(`http://${host}:${port}/api/health`).then(
        (res) => res.status < 500,
        () => false,
      );
    const reachable: Record<string, { loopback: boolean; outside: boolean }> = {};
    for (const host of [undefined, '0.0.0.0']) {
      const port = await freePort();
      const api = run('backend/src/server/main.ts', port, [], { HOST: host });
      const deadline = Date.now() + 60_000;
      while (!api.messages.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      reachable[host ?? 'HOST unset'] = {
        loopback: await answersOn('127.0.0.1', port),
        outside: await answersOn(outside, port),
      };
      api.child.kill('SIGTERM');
      await api.exited;
    }
    expect(reachable).toEqual({
      'HOST unset': { loopback: true, outside: false },
      '0.0.0.0': { loopback: true, outside: true },
    });
  });

  it('exits 78 on a port in use, saying so, and never says it listens', async () => {
    const port = await freePort();
    await squat(port);
    const api = run('backend/src/server/main.ts', port);
    expect(await api.exited).toBe(78);
    expect(api.output()).toContain(
      `API cannot listen on port ${port}: the port is in use by another process`,
    );
    expect(api.output()).not.toContain('API listening');
    expect(api.messages).toEqual([]);
  });
});

describe('the projection worker process', () => {
  it('reports ready over IPC with its own pid once it runs, and stops with 0 on SIGTERM', async () => {
    const worker = run('projections/src/worker/main.ts', await freePort());
    const deadline = Date.now() + 60_000;
    while (!worker.messages.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(worker.messages).toEqual([{ type: 'ready', pid: worker.child.pid }]);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});

describe('the launcher', () => {
  it('does not say it is up when another process answers on its port: it stops, exit 1, naming the port', async () => {
    const port = await freePort();
    await squat(port);
    // --dev: no app build; the dev servers would only start after the API.
    const launcher = run('backend/src/launcher/main.ts', port, ['--dev']);
    expect(await launcher.exited).toBe(1);
    const output = launcher.output();
    expect(output).not.toContain('Labelwise is up');
    expect(output).toContain(`API cannot listen on port ${port}`);
    expect(output).toContain('api cannot start (exit 78); not restarting it');
    expect(output).not.toContain('restarting in');
    expect(fs.existsSync(path.join(dataDir, 'launcher.json'))).toBe(false);
    // The other process still has its port.
    expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok' });
  }, 120_000);
});

describe("the launcher's own PostgreSQL (#47.5)", () => {
  /** The launcher on an embedded PostgreSQL of its own, in a data folder of its own. */
  async function launchWithEmbeddedPostgres() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-launcher-pg-'));
    const port = await freePort();
    // --dev: no app build (the test does not need the apps).
    const launcher = run('backend/src/launcher/main.ts', port, ['--dev'], {
      DATABASE_URL: undefined,
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(await freePort()),
      OFF_STARTER_SET: 'false',
    });
    await until(() => launcher.output().includes('Labelwise is up'), 240_000, launcher.output);
    const postmaster = () =>
      Number(fs.readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    /** Stops a launcher a failed test left running the ordered way, so that it stops its children too. */
    const cleanUp = async () => {
      if (launcher.child.exitCode === null) {
        launcher.child.kill('SIGTERM');
        await Promise.race([launcher.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return { dir, port, launcher, postmaster, cleanUp };
  }

  async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, output: () => string) {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out; the launcher said:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('starts PostgreSQL again when it is killed, and the API answers from it again', async () => {
    const { port, launcher, postmaster, cleanUp } = await launchWithEmbeddedPostgres();
    try {
      const killed = postmaster();
      const killedAt = Date.now();
      process.kill(killed, 'SIGKILL');
      await until(() => launcher.output().includes('PostgreSQL is running again'), 60_000, launcher.output);
      const runningAfter = (Date.now() - killedAt) / 1000;
      expect(launcher.output()).toContain(
        'PostgreSQL stopped unexpectedly (killed by SIGKILL); starting it again',
      );
      expect(postmaster()).not.toBe(killed);
      await until(
        async () => {
          const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          return (
            health?.status === 200 && ((await health.json()) as { database: { ok: boolean } }).database.ok
          );
        },
        60_000,
        launcher.output,
      );
      console.warn(
        `PostgreSQL killed under npm start: running again after ${runningAfter.toFixed(1)} s, /api/health 200 with the database after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`,
      );
      launcher.child.kill('SIGTERM');
      expect(await launcher.exited).toBe(0);
    } finally {
      await cleanUp();
    }
  }, 420_000);

  it('stops everything, saying why, when PostgreSQL cannot be started again', async () => {
    const { dir, launcher, postmaster, cleanUp } = await launchWithEmbeddedPostgres();
    try {
      // Its data folder gone: nothing can start on it again.
      const killed = postmaster();
      fs.renameSync(path.join(dir, 'postgres'), path.join(dir, 'postgres-gone'));
      fs.writeFileSync(path.join(dir, 'postgres'), 'not a data folder');
      process.kill(killed, 'SIGKILL');
      const stillRunning = new Promise((resolve) => setTimeout(() => resolve('still running'), 60_000));
      expect(await Promise.race([launcher.exited, stillRunning])).toBe(1);
      expect(launcher.output()).toMatch(
        /PostgreSQL stopped \(killed by SIGKILL\) and could not be started again \(3 tries\): .*Stopping Labelwise\./,
      );
      expect(launcher.output()).toContain('Stopped.');
    } finally {
      await cleanUp();
    }
  }, 420_000);
});

describe('in production mode (#19.1)', () => {
  it.each([
    ['the API', 'backend/src/server/main.ts'],
    ['the launcher (npm start)', 'backend/src/launcher/main.ts'],
  ])(
    '%s refuses the Auth Emulator, test-mode payments and missing Firebase credentials and web config, naming the variables, before listening, without a stack trace',
    async (_name, script) => {
      const process = run(script, await freePort(), [], {
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'labelwise-prod',
        GOOGLE_APPLICATION_CREDENTIALS: undefined,
      });
      expect(await process.exited).not.toBe(0);
      const output = process.output();
      expect(output).toContain('Refusing to start with NODE_ENV=production');
      expect(output).toContain('FIREBASE_AUTH_EMULATOR_HOST');
      expect(output).toContain('GOOGLE_APPLICATION_CREDENTIALS: required in production');
      expect(output).toContain('FIREBASE_WEB_API_KEY: required in production');
      expect(output).toContain('STRIPE_SECRET_KEY: required in production');
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain('EnvError');
      expect(output).not.toContain('listening');
      expect(output).not.toContain('Labelwise is up');
    },
  );

  it('the API refuses trusted test signing keys, naming the variable, before listening', async () => {
    const process = run('backend/src/server/main.ts', await freePort(), [], {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'labelwise-prod',
      AUTH_TRUSTED_TEST_KEYS: path.join(dataDir, 'trusted-keys.json'),
    });
    expect(await process.exited).not.toBe(0);
    const output = process.output();
    expect(output).toContain('Refusing to start with NODE_ENV=production');
    expect(output).toContain("AUTH_TRUSTED_TEST_KEYS: keys outside Google's would sign sessions for anyone");
    expect(output).not.toContain('listening');
  });
});
