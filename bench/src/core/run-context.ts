import { startBenchPostgres } from '../embedded-database';
import { loadDataset, type Dataset } from '../dataset/load-dataset';
import type { BenchOptions } from './options';
import { benchSizes, type BenchSizes } from './sizes';

type BenchPostgres = Awaited<ReturnType<typeof startBenchPostgres>>;

/** What the sections share in one run: options, sizes, one embedded PostgreSQL, the generated history. */
export interface RunContext {
  quick: boolean;
  /** Profile while measuring: API processes with --cpu-prof, PostgreSQL with pg_stat_statements. */
  profile: boolean;
  /** The generated OFF export with an English ingredient list in every row. */
  offAllEnglish: boolean;
  seed: number;
  sizes: BenchSizes;
  /** The scan journey's topologies, when not both of the default. */
  topologies?: BenchOptions['topologies'];
  /** Progress to stderr (stdout carries only the report). */
  progress(message: string): void;
  postgres(): Promise<BenchPostgres>;
  /** The generated history in our event store (database `labelwise`), loaded on first use. */
  dataset(): Promise<Dataset>;
  /** The same history in Emmett's store (database `emmett_history`), loaded on first use. */
  emmettDataset(): Promise<Dataset>;
  /** Vacuums, analyses and checkpoints every database of the run so far (see BenchPostgres.settle). */
  settle(): Promise<void>;
  /** Sets the prefix of progress lines. */
  enter(sectionId: string): void;
  close(): Promise<void>;
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

export function createRunContext(options: BenchOptions): RunContext {
  let section = 'bench';
  let postgresStarted: BenchPostgres | undefined;
  const ctx: RunContext = {
    quick: options.quick,
    profile: options.profile,
    offAllEnglish: options.offAllEnglish,
    seed: options.seed,
    topologies: options.topologies,
    sizes: {
      ...benchSizes(options.quick),
      ...(options.events ? { events: options.events } : {}),
      ...(options.offRows ? { offRows: options.offRows } : {}),
      ...(options.users ? { scanUsers: options.users } : {}),
      ...(options.scanRate ? { scanRate: options.scanRate } : {}),
    },
    progress: (message) => process.stderr.write(`[${section}] ${message}\n`),
    enter: (id) => {
      section = id;
    },
    postgres: once(async () => {
      ctx.progress('starting embedded PostgreSQL');
      postgresStarted = await startBenchPostgres(options.profile);
      return postgresStarted;
    }),
    dataset: once(async () => loadDataset(ctx, 'ours', 'labelwise')),
    emmettDataset: once(async () => loadDataset(ctx, 'emmett', 'emmett_history')),
    settle: async () => {
      if (!postgresStarted) return;
      ctx.progress('settling the database: vacuum (analyze), checkpoint');
      await postgresStarted.settle();
    },
    close: async () => {
      await postgresStarted?.stop();
    },
  };
  return ctx;
}
