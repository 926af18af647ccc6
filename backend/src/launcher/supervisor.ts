import { spawn, type ChildProcess } from 'node:child_process';
import { stopGroup } from '@labelwise/event-store/infra/processes';

export interface SupervisedProcess {
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Runs a child in its own process group and restarts it (with back-off) if it dies
 * while we still want it, so a crash of the API or the worker heals itself.
 */
export function supervise(options: {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  log: (message: string) => void;
  onStart: (pid: number) => void;
}): SupervisedProcess {
  let child: ChildProcess;
  let stopping = false;
  let restarts = 0;
  const start = () => {
    child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: 'inherit',
      detached: true,
    });
    options.onStart(child.pid!);
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      if (stopping) return;
      restarts = Date.now() - startedAt > 30_000 ? 0 : restarts + 1;
      const delay = Math.min(30_000, 500 * 2 ** restarts);
      options.log(`${options.name} exited (${signal ?? code}); restarting in ${delay} ms`);
      setTimeout(() => !stopping && start(), delay);
    });
  };
  start();
  return {
    get pid() {
      return child.pid!;
    },
    async stop() {
      stopping = true;
      await stopGroup(child.pid!, 'SIGTERM', 10_000);
    },
  };
}
