import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, groupMembers, isAlive } from '@labelwise/runtime';
import { StateFile } from './state-file';
import { FATAL_EXIT_CODE, supervise, type SupervisedProcess } from './supervisor';

/**
 * The launcher's children: supervised in process groups (a `kill -9` of a wrapper never leaves
 * its server holding the port), a child that cannot listen is not restarted, and a launcher
 * that finds an earlier run's group stops all of it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, '../../testing/wrapped-server.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dir: string;
const cleanups: Array<() => Promise<void> | void> = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-supervisor-'));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

function superviseFixture(port: number) {
  const logs: string[] = [];
  const starts: number[] = [];
  const fatal: string[] = [];
  const child: SupervisedProcess = supervise({
    name: 'fixture',
    command: process.execPath,
    args: [fixture],
    env: { ...process.env, PORT: String(port) },
    cwd: here,
    log: (message) => logs.push(message),
    onStart: (pid) => starts.push(pid),
    ready: true,
    onFatal: (message) => fatal.push(message),
  });
  cleanups.push(() => child.stop());
  return { child, logs, starts, fatal };
}

const servedBy = async (port: number) => Number(await (await fetch(`http://127.0.0.1:${port}/`)).text());

describe('supervise', () => {
  it('kill -9 of a wrapper: its whole group is stopped, the replacement gets the port and serves', async () => {
    const port = await freePort();
    const { child, starts, fatal, logs } = superviseFixture(port);
    const first = await child.whenReady(30_000);
    expect(first.pid).not.toBe(starts[0]); // the server is the wrapper's child, as under tsx
    expect(await servedBy(port)).toBe(first.pid);

    const wrapper = starts[0]!;
    process.kill(wrapper, 'SIGKILL');
    // The orphaned server is stopped with its group, so the next start does not find the port taken.
    await until(() => !isAlive(first.pid), 10_000, 'the orphaned server to be stopped');
    await until(() => starts.length === 2, 15_000, 'the restart');
    const second = await child.whenReady(30_000);
    expect(second.pid).not.toBe(first.pid);
    expect(await servedBy(port)).toBe(second.pid);
    expect(fatal).toEqual([]);
    expect(logs).toContain(`fixture: stopping what it left running (pids ${first.pid})`);

    await child.stop();
    expect(groupMembers(starts[1]!)).toEqual([]);
    expect(isAlive(second.pid)).toBe(false);
  });

  it('a child that cannot listen (exit 78) is reported fatal once, not restarted, and never ready', async () => {
    const port = await freePort();
    const squatter = net.createServer().listen(port, '127.0.0.1');
    cleanups.push(() => void squatter.close());
    await new Promise((resolve) => squatter.once('listening', resolve));

    const { child, starts, fatal, logs } = superviseFixture(port);
    await expect(child.whenReady(30_000)).rejects.toThrow(`fixture cannot start (exit ${FATAL_EXIT_CODE})`);
    await sleep(2000);
    expect(starts).toHaveLength(1);
    expect(fatal).toHaveLength(1);
    expect(logs.filter((line) => line.includes('restarting in'))).toEqual([]);
  });
});

describe('StateFile.recover', () => {
  it("stops what is left of an earlier run's child whose leader is already dead", async () => {
    const port = await freePort();
    const wrapper = spawn(process.execPath, [fixture], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      detached: true,
    });
    cleanups.push(() => {
      try {
        process.kill(-wrapper.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    });
    const server = await new Promise<number>((resolve) =>
      wrapper.on('message', (message: { pid: number }) => resolve(message.pid)),
    );
    const file = path.join(dir, 'launcher.json');
    // What a launcher killed with -9 leaves behind: its state file, and a child killed with it.
    fs.writeFileSync(
      file,
      JSON.stringify({
        launcher: 999_999_999,
        children: [{ name: 'api', pid: wrapper.pid, marker: 'wrapped-server.mjs' }],
      }),
    );
    process.kill(wrapper.pid!, 'SIGKILL');
    await until(
      () => !isAlive(wrapper.pid!) || wrapper.exitCode !== null || wrapper.signalCode !== null,
      5000,
      'the wrapper to die',
    );
    expect(isAlive(server)).toBe(true);

    const logs: string[] = [];
    await new StateFile(file).recover((message) => logs.push(message));
    expect(isAlive(server)).toBe(false);
    expect(logs.join('\n')).toContain('Stopping api left behind by an earlier run');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
