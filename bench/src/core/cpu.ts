import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  parent: number;
  /** user + system time of the process and of its children it has waited for, in ticks. */
  ticks: number;
}

function readTimes(pid: number): ProcessTimes | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state, ppid, ... utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { parent: Number(fields[1]), ticks: utime! + stime! + cutime! + cstime! };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by `root` and every process under it (Linux /proc): a PostgreSQL
 * server's postmaster and its backends, an API process and its threads. A child that ended is
 * counted in its parent once waited for, as /proc counts it.
 */
export function treeCpuSeconds(root: number): number {
  const processes = new Map<number, ProcessTimes>();
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const times = readTimes(pid);
    if (times) processes.set(pid, times);
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = processes.get(at)?.parent)
      if (at === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, times] of processes) if (inTree(pid)) ticks += times.ticks;
  return ticks / TICKS_PER_SECOND;
}

/** The pid of the PostgreSQL server running on `dataDir` (the first line of its postmaster.pid). */
export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
