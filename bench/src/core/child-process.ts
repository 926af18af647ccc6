import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../support';
import { cpuProfileArgs } from './profiles';

export interface Child {
  pid: number;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

const tsxArgs = (entry: string) => ['--import', 'tsx', path.join(repoRoot, entry)];

/**
 * Runs a TypeScript entry point of the repository in its own Node process (as production runs
 * the API and the projection worker), output to our stderr so stdout stays the report's.
 */
export function runTsProcess(entry: string, env: Record<string, string>, nodeArgs: string[] = []): Child {
  return runNode([...nodeArgs, ...tsxArgs(entry)], env);
}

/** Runs a TypeScript entry point with `input` on its stdin; resolves with its stdout once it exits 0. */
export function runTsFilter(entry: string, input: string): Promise<string> {
  const child = spawn(process.execPath, tsxArgs(entry), {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${entry} exited with code ${code}`)),
    );
  });
}

const running = new Set<Child>();

/** Stops every child process still running (the benchmark is interrupted). */
export async function stopChildren(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop(2000)));
}

/** `node <args>` as a child process (see runTsProcess). */
export function runNode(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 2, 2],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const handle: Child = {
    pid: child.pid!,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(handle);
  void exited.then(() => running.delete(handle));
  return handle;
}

/** The projection worker process (`projections/src/worker/main.ts`) on `databaseUrl`: every projection, or those named. */
export function startWorkerProcess(
  databaseUrl: string,
  projections: string[] = [],
  cpuProfileDir?: string,
): Child {
  return runTsProcess(
    'projections/src/worker/main.ts',
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', PROJECTIONS: projections.join(',') },
    cpuProfileArgs(cpuProfileDir),
  );
}
