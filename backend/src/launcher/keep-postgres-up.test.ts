import { describe, expect, it } from 'vitest';
import type { EmbeddedPostgresHandle } from '@labelwise/runtime/embedded-postgres';
import { keepPostgresUp } from './keep-postgres-up';

/** A server whose exit the test triggers, counting its stops. */
function server(port = 5432) {
  let exit!: (how: string) => void;
  const handle = {
    url: () => `postgres://127.0.0.1:${port}/labelwise`,
    port,
    dataDir: '/tmp/pg',
    stops: 0,
    stop: async () => void handle.stops++,
    exited: new Promise<string>((resolve) => (exit = resolve)),
  } satisfies EmbeddedPostgresHandle & { stops: number };
  return { handle, exit };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepPostgresUp', () => {
  it('starts PostgreSQL again when it exits unasked, and says so', async () => {
    const first = server();
    const second = server();
    const logs: string[] = [];
    let starts = 0;
    keepPostgresUp(first.handle, async () => (starts++, second.handle), {
      log: (message) => logs.push(message),
      onFatal: () => {},
    });
    first.exit('killed by SIGKILL');
    await settle();
    expect(starts).toBe(1);
    expect(logs).toEqual([
      'PostgreSQL stopped unexpectedly (killed by SIGKILL); starting it again',
      'PostgreSQL is running again on port 5432',
    ]);
  });

  it('once standing down (a Ctrl-C reached PostgreSQL too), lets it go: no restart, no message', async () => {
    const first = server();
    const logs: string[] = [];
    let starts = 0;
    const keeper = keepPostgresUp(first.handle, async () => (starts++, server().handle), {
      log: (message) => logs.push(message),
      onFatal: () => {},
    });
    keeper.standDown();
    first.exit('exit code 0');
    await settle();
    await keeper.stop();
    expect([starts, logs, first.handle.stops]).toEqual([0, [], 1]);
  });
});
