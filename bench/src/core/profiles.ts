import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../support';

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** An emptied `bench/results/profiles/<name>` for this run's CPU profiles, when profiling. */
export function freshProfileDir(profiling: boolean, name: string): string | undefined {
  if (!profiling) return undefined;
  const dir = path.join(repoRoot, 'bench/results/profiles', name);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}

/** Node's arguments to write a CPU profile into `dir` at exit; none without a dir. */
export function cpuProfileArgs(dir: string | undefined): string[] {
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/**
 * Whether a profile is of a process's main thread: node names them
 * `CPU.<date>.<time>.<pid>.<thread id>.<sequence>.cpuprofile`, the main thread's id 0. The
 * other threads of our processes (tsx's module loader above all) sit idle: counted in, their
 * idle samples would drown what the busy thread did.
 */
export function isMainThreadProfile(name: string): boolean {
  return /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name);
}

/**
 * The functions that used the most of the main thread's CPU (self time) over every process's
 * `.cpuprofile` in `dir`, as "share name (file:line)".
 */
export function topFunctions(dir: string, count: number): string[] {
  const selfMicros = new Map<string, number>();
  let total = 0;
  for (const file of fs.readdirSync(dir).filter(isMainThreadProfile)) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    profile.samples.forEach((id, i) => {
      const frame = frames.get(id)!;
      const where = frame.url
        ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/wt\/[^/]+\//, '')}:${frame.lineNumber + 1}`
        : '';
      const key = `${frame.functionName || '(anonymous)'}${where ? ` (${where})` : ''}`;
      const micros = profile.timeDeltas[i] ?? 0;
      selfMicros.set(key, (selfMicros.get(key) ?? 0) + micros);
      total += micros;
    });
  }
  return [...selfMicros.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${((micros / total) * 100).toFixed(1)}% ${name}`);
}

/** pg_stat_statements on `databaseUrl`: created if missing, and emptied. */
export async function resetStatements(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

/** The statements that took the most time since the reset, as "total ms, calls, mean ms, rows per call: query". */
export async function topStatements(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      total: number;
      calls: string;
      mean: number;
      rows: string;
      query: string;
    }>(
      `select total_exec_time as total, calls, mean_exec_time as mean, rows, query
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
        order by total_exec_time desc limit $1`,
      [count],
    );
    return rows.map(
      (row) =>
        `${Math.round(row.total)} ms in ${row.calls} calls (${row.mean.toFixed(2)} ms, ${(Number(row.rows) / Number(row.calls)).toFixed(1)} rows each): ${row.query.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
  } finally {
    await client.end();
  }
}
