import cluster from 'node:cluster';
import { pino } from 'pino';
import { envSchema } from '../config/env';

/**
 * Several API processes on one port: Node's cluster module, whose primary accepts connections
 * and hands them to the processes round-robin. `API_PROCESSES` of them run `main.ts` (`npm
 * start` runs this when it is above 1); one that dies after it listened, or is killed by a
 * signal, is replaced; one that could not start stops them all. Once every one listens, the
 * primary tells the launcher it is ready, as `main.ts` does alone. Everything they share lives in
 * PostgreSQL (events, read tables, checkpoints, id sequences, rate-limit counters); what each
 * keeps in memory is safe to keep apart: known registrations, session checks (each bounded by
 * AUTH_SESSION_CHECK_SECONDS) and its read-your-writes watch.
 */
const processes = envSchema.shape.API_PROCESSES.parse(process.env.API_PROCESSES);
const RESTART_DELAY_MS = 1000;
/** main.ts's exit code for "cannot listen" (CANNOT_LISTEN_EXIT_CODE). */
const FATAL_EXIT_CODE = 78;

if (cluster.isPrimary) {
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'api-cluster' } });
  cluster.schedulingPolicy = cluster.SCHED_RR;
  let stopping = false;
  const listened = new Set<number>();
  for (let i = 0; i < processes; i++) cluster.fork();
  cluster.on('listening', (worker) => listened.add(worker.id));
  const ready = new Set<number>();
  cluster.on('message', (worker, message: { type?: unknown; port?: unknown }) => {
    if (message?.type !== 'ready' || ready.size === processes) return;
    ready.add(worker.id);
    if (ready.size === processes) process.send?.({ type: 'ready', pid: process.pid, port: message.port });
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // One that exited by itself before it listened met a bad setting or a taken port: another
    // would fail alike. One killed by a signal (an operator, the OOM killer) is replaced.
    if (code === FATAL_EXIT_CODE || (signal === null && !listened.has(worker.id))) {
      logger.fatal({ pid: worker.process.pid, code }, 'API process could not start: stopping');
      process.exit(code || FATAL_EXIT_CODE);
    }
    logger.warn({ pid: worker.process.pid, code, signal }, 'API process exited: starting another');
    setTimeout(() => cluster.fork(), RESTART_DELAY_MS);
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 6000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  await import('./main');
}
