import { spawn, type ChildProcess } from 'node:child_process';
import { groupMembers, stopGroup } from '@labelwise/runtime';

/**
 * Exit code of a child that must not be restarted: it cannot work as configured (the API's port
 * is taken by another process). 78 is `EX_CONFIG` of sysexits.h.
 */
export const FATAL_EXIT_CODE = 78;

/** What a supervised child sends over its IPC channel once it serves (the API: once it listens). */
export interface ReadyMessage {
  type: 'ready';
  pid: number;
  [detail: string]: unknown;
}

export interface SupervisedProcess {
  readonly pid: number;
  /**
   * Resolves when the child now running says it is ready (a child started with `ready: true`
   * sends a `ReadyMessage` over IPC); rejects when the supervisor gave up or after `timeoutMs`.
   */
  whenReady(timeoutMs: number): Promise<ReadyMessage>;
  stop(): Promise<void>;
}

const isReady = (message: unknown): message is ReadyMessage =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'ready';

/**
 * Runs a child in its own process group and restarts it (with back-off) if it dies while we
 * still want it, so a crash of the API or the worker heals itself. When the child dies, whatever
 * is left of its group (the real server under a wrapper) is stopped before the next start, so a
 * replacement never finds its port held by an orphan. A child exiting with `FATAL_EXIT_CODE` is
 * not restarted: `onFatal` is told instead.
 */
export function supervise(options: {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  log: (message: string) => void;
  onStart: (pid: number) => void;
  /** The child reports readiness over IPC (see `whenReady`). */
  ready?: boolean;
  onFatal?: (message: string) => void;
}): SupervisedProcess {
  let child: ChildProcess;
  let stopping = false;
  let restarts = 0;
  let readyMessage: ReadyMessage | null = null;
  let failure: Error | null = null;
  const waiters = new Set<{ resolve(message: ReadyMessage): void; reject(error: Error): void }>();

  const settle = () => {
    for (const waiter of waiters) {
      if (readyMessage) waiter.resolve(readyMessage);
      else if (failure) waiter.reject(failure);
      else continue;
      waiters.delete(waiter);
    }
  };

  const start = () => {
    readyMessage = null;
    child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: options.ready ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
      detached: true,
    });
    const current = child;
    const pid = current.pid!;
    options.onStart(pid);
    const startedAt = Date.now();
    current.on('message', (message) => {
      if (current !== child || !isReady(message)) return;
      readyMessage = message;
      settle();
    });
    current.on('exit', (code, signal) => {
      if (current === child) readyMessage = null;
      if (stopping) return;
      // The leader is gone; what it started (tsx's node, workers) may not be: stop the group first.
      const leftovers = groupMembers(pid);
      if (leftovers.length)
        options.log(`${options.name}: stopping what it left running (pids ${leftovers.join(', ')})`);
      void stopGroup(pid, 'SIGTERM', 3000).then(() => {
        if (stopping) return;
        if (code === FATAL_EXIT_CODE) {
          failure = new Error(`${options.name} cannot start (exit ${code}); not restarting it`);
          options.log(failure.message);
          settle();
          options.onFatal?.(failure.message);
          return;
        }
        restarts = Date.now() - startedAt > 30_000 ? 0 : restarts + 1;
        const delay = Math.min(30_000, 500 * 2 ** restarts);
        options.log(`${options.name} exited (${signal ?? code}); restarting in ${delay} ms`);
        setTimeout(() => !stopping && start(), delay);
      });
    });
  };
  start();
  return {
    get pid() {
      return child.pid!;
    },
    whenReady(timeoutMs) {
      return new Promise<ReadyMessage>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${options.name} did not report ready within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = {
          resolve: (message: ReadyMessage) => {
            clearTimeout(timer);
            resolve(message);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
        settle();
      });
    },
    async stop() {
      stopping = true;
      await stopGroup(child.pid!, 'SIGTERM', 10_000);
    },
  };
}
