import fs from 'node:fs';

/** Whether `pid` runs: a zombie (exited, not yet reaped by a parent that may never do so) does not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return processState(pid) !== 'Z';
}

/** The state letter of /proc/<pid>/stat (R, S, Z, ...), or null when it cannot be read. */
function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
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

/** Whether any process of the group `pgid` is still there (a leader may die and leave its children). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live processes of group `pgid` (Linux /proc), the leader included if it still runs. */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return members;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command (which may hold spaces and parentheses): state ppid pgrp ...
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return members;
}

async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pgid) && groupMembers(pgid).length) {
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

/**
 * Stops a process group politely, then firmly, and waits until none of it is left: the leader
 * may already be dead (`kill -9` of a `tsx` wrapper) while what it started still holds a port.
 */
export async function stopGroup(pid: number, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) {
  if (!groupAlive(pid) && !isAlive(pid)) return;
  signalGroup(pid, signal);
  if (!(await waitForGroupExit(pid, graceMs))) {
    signalGroup(pid, 'SIGKILL');
    await waitForGroupExit(pid, 2000);
  }
}
