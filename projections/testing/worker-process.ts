import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgsFor } from '@labelwise/runtime/testing';

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-worker.ts');

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves when the worker has started (tables ensured, projections being acquired). */
  ready: Promise<void>;
  exited: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `test-worker.ts` as a real separate process, so it can be killed -9. */
export function spawnTestWorker(
  databaseUrl: string,
  options: { batchSize?: number; sideBySide?: boolean } = {},
): WorkerProcess {
  const child = spawn(process.execPath, nodeArgsFor(entry), {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      BATCH_SIZE: String(options.batchSize ?? 2000),
      SIDE_BY_SIDE: options.sideBySide ? '1' : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`test worker exited before ready (${signal ?? code})`)),
    );
  });
  ready.catch(() => {});
  return {
    child,
    ready,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
