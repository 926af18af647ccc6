import { appendConcurrently } from './append-concurrently';
import { openBenchStore, type StoreKind } from './bench-stores';
import { generateAppends, planDataset, type DatasetPlan } from './generate-events';

/** A generated history, appended to a database of the run's PostgreSQL. */
export interface Dataset {
  url: string;
  plan: DatasetPlan;
  /** How fast it was appended (16 writers): a by-product worth printing. */
  appendEventsPerSecond: number;
}

/** What loading needs from the run (the run context is one). */
export interface DatasetRun {
  seed: number;
  sizes: { events: number };
  progress(message: string): void;
  postgres(): Promise<{ database(name: string): Promise<string> }>;
  /** Vacuums, analyses and checkpoints the run's databases. */
  settle(): Promise<void>;
}

export async function loadDataset(ctx: DatasetRun, kind: StoreKind, database: string): Promise<Dataset> {
  const url = await (await ctx.postgres()).database(database);
  const plan = planDataset(ctx.sizes.events);
  ctx.progress(
    `appending the generated history: ${plan.events.toLocaleString('en')} events to ${kind === 'ours' ? 'our store' : "Emmett's store"}`,
  );
  const store = await openBenchStore(kind, url);
  try {
    const { events, seconds } = await appendConcurrently(store, generateAppends(plan, ctx.seed), {
      writers: 16,
      total: plan.events,
      progress: ctx.progress,
    });
    if (events !== plan.events) throw new Error(`generated ${events} events, planned ${plan.events}`);
    ctx.progress(`history appended in ${seconds.toFixed(1)} s`);
    await ctx.settle();
    return { url, plan, appendEventsPerSecond: Math.round(events / seconds) };
  } finally {
    await store.close();
  }
}
