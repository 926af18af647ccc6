import pg from 'pg';
import { createDb, positionOf, projections } from '@labelwise/projections';
import {
  comparePositions,
  createPostgresEventStore,
  type EventStore,
  type Position,
} from '@labelwise/event-store';
import { startWorkerProcess } from '../core/child-process';
import type { Section } from '../core/section';
import { benchUid, type DatasetPlan } from '../dataset/generate-events';
import { waitCaughtUp } from '../dataset/wait-caught-up';
import { fmt, percentile, round } from '../support';

const RATE = 500;
const POLL_MS = 2;
const TARGET_P99_MS = 50;
const WARMUP_SECONDS = 5;

interface Pending {
  position: Position;
  committedAt: number;
  /** Projections that have not passed it yet. */
  behind: Set<string>;
}

interface Tracker {
  committed(position: Position, appendMs: number): void;
  failed(): void;
}

/** The i-th generated scan: users and products spread over the history's. */
function appendScan(store: EventStore, plan: DatasetPlan, i: number): Promise<Position> {
  const uid = benchUid((i * 7) % plan.users);
  const at = new Date().toISOString();
  return store
    .append(
      `user-${uid}`,
      [
        {
          type: 'ScanRecorded',
          data: {
            uid,
            productId: plan.firstProductId + ((i * 7919) % plan.products),
            scannedAt: at,
            month: at.slice(0, 7),
          },
          metadata: { actor: uid, correlationId: `lag-${i}`, causationId: null, at },
        },
      ],
      { expectedRevision: 'any' },
    )
    .then(({ position }) => position);
}

/** Appends scans number `from` to `from + count - 1` at RATE; `track(i)` follows the i-th. */
async function paceScans(
  store: EventStore,
  plan: DatasetPlan,
  from: number,
  count: number,
  track: (i: number) => Tracker,
): Promise<void> {
  const started = performance.now();
  const appends: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const tracker = track(i);
    const t0 = performance.now();
    appends.push(
      appendScan(store, plan, from + i).then(
        (position) => tracker.committed(position, performance.now() - t0),
        tracker.failed,
      ),
    );
  }
  await Promise.all(appends);
}

/**
 * Appends scans at a steady 500 events/s while the projection worker (its own process) runs,
 * and watches the checkpoints from a separate connection every 2 ms: an event's lag is the time
 * from its append's commit (the append call returning) until every projection's checkpoint,
 * committed in the same transaction as its read-table rows, has passed it.
 */
export const liveLagSection: Section = {
  id: 'lag',
  title: '4. Live lag',
  async run(ctx, notes) {
    const dataset = await ctx.dataset();
    const { plan } = dataset;
    const db = createDb(dataset.url, { max: 4 });
    const store = await createPostgresEventStore(dataset.url, { max: 20 });
    const watcher = new pg.Client({ connectionString: dataset.url });
    await watcher.connect();
    const worker = startWorkerProcess(dataset.url);
    try {
      await waitCaughtUp({ db, store, worker, progress: ctx.progress, timeoutMs: 30 * 60_000 });
      // The worker may still be starting (an earlier section can leave the history projected,
      // so the wait above returns at once), and tables a rebuild swapped in start cold: start-up
      // costs, not live lag. Scans at the same rate until every projection has passed them first.
      const warmup = RATE * WARMUP_SECONDS;
      ctx.progress(`warm-up: ${fmt(warmup)} scans at ${RATE}/s`);
      await paceScans(store, plan, 0, warmup, () => ({ committed: () => {}, failed: () => {} }));
      await waitCaughtUp({ db, store, worker, progress: ctx.progress, timeoutMs: 120_000 });

      const total = RATE * ctx.sizes.lagSeconds;
      ctx.progress(`appending ${fmt(total)} scans at ${RATE}/s with the worker running`);

      const pending: Pending[] = [];
      const lags: number[] = [];
      const lagsByProjection = new Map<string, number[]>(projections.map((p) => [p.name, []]));
      const appendLatencies: number[] = [];
      let failures = 0;
      let sending = true;
      let drainUntil = Infinity;
      const names = projections.map((p) => p.name);

      const watch = async () => {
        while (sending || (pending.length > 0 && performance.now() < drainUntil)) {
          const seenAt = performance.now();
          const { rows } = await watcher.query<{ name: string; commit: string; prepare: string }>(
            'select name, commit::text, prepare::text from projection_checkpoints where name = any($1)',
            [names],
          );
          for (const row of rows) {
            const checkpoint = positionOf(row);
            for (const event of pending) {
              if (event.behind.has(row.name) && comparePositions(event.position, checkpoint) <= 0) {
                event.behind.delete(row.name);
                lagsByProjection.get(row.name)!.push(seenAt - event.committedAt);
              }
            }
          }
          for (let i = pending.length - 1; i >= 0; i--) {
            if (pending[i]!.behind.size === 0) {
              lags.push(seenAt - pending[i]!.committedAt);
              pending.splice(i, 1);
            }
          }
          const wait = POLL_MS - (performance.now() - seenAt);
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      };
      const watching = watch();
      watching.catch(() => {}); // awaited below; this only keeps an early failure from being "unhandled"

      const started = performance.now();
      await paceScans(store, plan, warmup, total, (i) => {
        if (i % (RATE * 5) === 0 && i > 0) {
          ctx.progress(
            `${i / RATE} s: ${fmt(lags.length)} projected, ${pending.length} waiting, p50 so far ${round(percentile(lags, 50), 1)} ms`,
          );
        }
        return {
          committed: (position, appendMs) => {
            appendLatencies.push(appendMs);
            pending.push({ position, committedAt: performance.now(), behind: new Set(names) });
          },
          failed: () => void failures++,
        };
      });
      const sendSeconds = (performance.now() - started) / 1000;
      drainUntil = performance.now() + 60_000;
      sending = false;
      await watching;
      if (pending.length > 0)
        throw new Error(`${pending.length} events not projected 60 s after the last append`);

      const p50 = round(percentile(lags, 50), 1);
      const p99 = round(percentile(lags, 99), 1);
      const max = round(Math.max(...lags), 1);
      const perProjection = [...lagsByProjection]
        .map(([name, values]) => ({
          name,
          p99: round(percentile(values, 99), 1),
          p50: round(percentile(values, 50), 1),
        }))
        .sort((a, b) => b.p99 - a.p99);
      notes.push(
        `${fmt(total)} single-scan appends at ${RATE}/s for ${ctx.sizes.lagSeconds} s after ${WARMUP_SECONDS} s of warm-up at the same rate (achieved ${fmt(Math.round(lags.length / sendSeconds))}/s, append p99 ${round(percentile(appendLatencies, 99), 1)} ms${failures ? `, ${failures} failed` : ''}) on the ${fmt(plan.events)}-event history, the projection worker in its own process running all ${names.length} projections; lag measured to the slowest projection, checkpoints polled every ${POLL_MS} ms (resolution ±${POLL_MS} ms). Per projection p50/p99: ${perProjection.map((p) => `${p.name} ${p.p50}/${p.p99} ms`).join(', ')}. No peer: Emmett's consumer polls every 50 ms by default, so its lag would measure its polling interval.`,
      );
      return [
        {
          measure: `commit → read tables, ${RATE} events/s, ${ctx.sizes.lagSeconds} s`,
          ours: `p50 ${p50} ms, p99 ${p99} ms (max ${max} ms)`,
          peer: '',
          target: `p99 ≤ ${TARGET_P99_MS} ms`,
          met: p99 <= TARGET_P99_MS,
          values: { p50Ms: p50, p99Ms: p99, maxMs: max, events: lags.length },
        },
      ];
    } finally {
      await worker.stop();
      await watcher.end();
      await store.close();
      await db.destroy();
    }
  },
};
