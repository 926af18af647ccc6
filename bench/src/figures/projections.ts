import {
  createDb,
  rebuildAll,
  type RebuildProgress,
  monthlyScanCountsProjection,
  productCardsProjection,
  projections,
} from '@labelwise/projections';
import { createPostgresEventStore } from '@labelwise/event-store';
import type { Row } from '../core/report';
import type { Section } from '../core/section';
import { catchUp, forgetProjections } from '../dataset/catch-up';
import { runEmmettScanCounts, totalScanCount } from '../dataset/emmett-consumer';
import { fmt, round } from '../support';

const TARGET = 30_000;
const BATCH = 2000;
/** The pair the event store issue sets the catch-up target for. */
const CARDS_AND_COUNTS = [productCardsProjection, monthlyScanCountsProjection];

function throttled(progress: (message: string) => void) {
  let last = 0;
  return (p: RebuildProgress) => {
    const now = performance.now();
    if (now - last < 5000 && p.phase === 'replaying') return;
    last = now;
    progress(
      `rebuild ${p.projection}: ${p.phase} ${fmt(p.processed)} / ${fmt(p.total)} (${fmt(p.eventsPerSecond)}/s)`,
    );
  };
}

/** Catch-up and rebuild --all of every projection over the generated history; Emmett's consumer for comparison. */
export const projectionsSection: Section = {
  id: 'projections',
  title: '3. Projections',
  async run(ctx, notes) {
    const dataset = await ctx.dataset();
    const { plan } = dataset;
    const db = createDb(dataset.url, { max: 12 });
    const store = await createPostgresEventStore(dataset.url, { max: 12 });
    const rows: Row[] = [];
    try {
      ctx.progress('catch-up of product cards and monthly scan counts from zero');
      const pair = await catchUp({
        db,
        store,
        databaseUrl: dataset.url,
        projections: CARDS_AND_COUNTS,
        progress: ctx.progress,
      });
      const pairRate = Math.round(pair.events / pair.seconds);
      await forgetProjections(db, CARDS_AND_COUNTS);

      ctx.progress(`catch-up of ${projections.length} projections from zero`);
      const caught = await catchUp({
        db,
        store,
        databaseUrl: dataset.url,
        projections,
        progress: ctx.progress,
      });
      const catchUpRate = Math.round(caught.events / caught.seconds);

      ctx.progress('rebuild --all');
      const started = performance.now();
      const rebuilt = await rebuildAll({
        db,
        store,
        projections,
        databaseUrl: dataset.url,
        onProgress: throttled(ctx.progress),
      });
      const rebuildSeconds = (performance.now() - started) / 1000;
      const replayed = rebuilt.reduce((n, r) => n + r.processed, 0);
      const rebuildRate = Math.round(replayed / rebuildSeconds);
      const scanCounts = rebuilt.find((r) => r.name === monthlyScanCountsProjection.name)!;
      const oursScanRate = Math.round(scanCounts.processed / scanCounts.seconds);
      const oursTotal = await totalScanCount(dataset.url);

      const emmettDataset = await ctx.emmettDataset();
      ctx.progress("Emmett's consumer: monthly scan counts from the beginning");
      const emmett = await runEmmettScanCounts(emmettDataset.url, BATCH);
      const emmettRate = Math.round(plan.events / emmett.seconds);
      const emmettTotal = await totalScanCount(emmettDataset.url);
      if (oursTotal !== plan.scans)
        notes.push(`WARNING: our monthly_scan_counts hold ${oursTotal} scans, ${plan.scans} generated`);
      if (emmettTotal !== plan.scans) {
        notes.push(
          `Emmett's consumer counted ${fmt(emmettTotal)} of the ${fmt(plan.scans)} scans: its batch reader orders by (transaction_id, global_position) but resumes after the last batch's global_position, so events of a transaction that committed later with a lower sequence value (concurrent appends) are skipped. Its rate is over all events read, skipped ones included.`,
        );
      }

      rows.push(
        {
          measure: `catch-up, product cards + monthly scan counts, ${fmt(pair.events)} events`,
          ours: `${fmt(pairRate)} events/s (${round(pair.seconds, 1)} s)`,
          peer: '',
          target: `≥ ${fmt(TARGET)} events/s`,
          met: pairRate >= TARGET,
          values: { eventsPerSecond: pairRate, seconds: round(pair.seconds, 2), events: pair.events },
        },
        {
          measure: `catch-up, all ${projections.length} projections, ${fmt(caught.events)} events`,
          ours: `${fmt(catchUpRate)} events/s (${round(caught.seconds, 1)} s; ${fmt(catchUpRate * projections.length)} projection-events/s)`,
          peer: '',
          target: `≥ ${fmt(TARGET)} events/s`,
          met: catchUpRate >= TARGET,
          values: { eventsPerSecond: catchUpRate, seconds: round(caught.seconds, 2), events: caught.events },
        },
        {
          measure: `rebuild --all (${projections.length} projections one after the other)`,
          ours: `${fmt(rebuildRate)} events/s per projection (${round(rebuildSeconds, 1)} s in all: ${fmt(plan.events / rebuildSeconds)} history events/s)`,
          peer: '',
          target: `≥ ${fmt(TARGET)} events/s`,
          met: rebuildRate >= TARGET,
          values: { eventsPerSecond: rebuildRate, seconds: round(rebuildSeconds, 2), replayed },
        },
        {
          measure: 'one projection (monthly scan counts) from zero',
          ours: `${fmt(oursScanRate)} events/s (rebuild, ${round(scanCounts.seconds, 1)} s)`,
          peer: `Emmett 0.42 consumer: ${fmt(emmettRate)} events/s (${round(emmett.seconds, 1)} s)`,
          ratio: round(oursScanRate / emmettRate, 2),
          values: { ours: oursScanRate, emmett: emmettRate },
        },
      );
      notes.push(
        `History: ${fmt(plan.events)} generated events (seed ${ctx.seed}): ${fmt(plan.products)} products, ${fmt(plan.users)} registrations and as many preference changes, ${fmt(plan.reviews)} reviews with ${fmt(plan.reviews)} votes, ${fmt(plan.scans)} scans; appended through the store port at ${fmt(dataset.appendEventsPerSecond)} events/s (16 writers, ~4 events per append). Catch-up runs the projections concurrently in one worker process of its own, as production runs it (they share each batch read), timed from the process's start until the slowest passed the head; the product cards + monthly scan counts pair (the event store issue's target) first, then all of them from zero; its events/s is history events / wall time (judged against the target), projection-events/s that times the number of projections. rebuild --all replays into shadow tables and swaps, one projection after the other, so its target is judged per projection: events replayed / wall time. Per projection: ${rebuilt.map((r) => `${r.name} ${fmt(Math.round(r.processed / r.seconds))}/s`).join(', ')}.`,
        `Emmett peer: its PostgreSQL consumer with one projector writing the same table with the same set-based upsert, batch ${BATCH}, no pause between batches, over the same history in its own store; ours is the rebuild of monthly_scan_counts above. Scans counted: ours ${fmt(oursTotal)}, Emmett ${fmt(emmettTotal)}.`,
      );
      return rows;
    } finally {
      await store.close();
      await db.destroy();
    }
  },
};
