import fs from 'node:fs';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a live process, or '' when it is gone (Linux /proc). */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Signals a whole process group (children spawned with `detached: true` lead their own group). */
export function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/** Stops a process group politely, then firmly. */
export async function stopGroup(pid: number, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) {
  if (!isAlive(pid)) return;
  signalGroup(pid, signal);
  if (!(await waitForExit(pid, graceMs))) {
    signalGroup(pid, 'SIGKILL');
    await waitForExit(pid, 2000);
  }
}
