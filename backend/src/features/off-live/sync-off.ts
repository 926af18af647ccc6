import { randomUUID } from 'node:crypto';
import {
  streams,
  type EventMetadata,
  type ImportRunCounts,
  type OffSyncEvent,
  addCounts,
  offSyncDecider,
  planSync,
  type OffSyncCommand,
} from '@labelwise/domain';
import { handleCommand, loadState } from '@labelwise/event-store';
import {
  guardedGet,
  readText,
  NotAnExportError,
  emptyCounts,
  importOff,
  type ImportContext,
} from '../off-import';

export interface SyncOptions {
  /** `OFF_STATIC_URL`: the deltas are under `/data/delta/`. */
  staticUrl: string;
  userAgent: string;
  /**
   * Lets the index and the deltas come from loopback and private addresses (a mirror or stand-in
   * inside the network). Redirects are followed within `staticUrl`'s origin only, either way.
   */
  allowPrivateNetwork?: boolean;
  /** Aborting finishes the delta in hand's current batch and ends the sync `interrupted`. */
  signal?: AbortSignal;
  /** Told, in a sentence, how each delta went. */
  onDelta?: (line: string) => void;
}

export interface SyncSummary {
  syncId: string;
  state: 'completed' | 'interrupted' | 'failed';
  applied: string[];
  /** Deltas listed and applied before: skipped. */
  alreadyApplied: number;
  counts: ImportRunCounts;
  gap: string | null;
  error: string | null;
}

const INDEX_TIMEOUT_MS = 30_000;

/** The delta files OFF lists, one a line. */
async function readIndex(options: SyncOptions): Promise<string[]> {
  const answer = await guardedGet(`${options.staticUrl}/data/delta/index.txt`, {
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    origin: options.staticUrl,
    headers: { 'user-agent': options.userAgent },
    signal: AbortSignal.timeout(INDEX_TIMEOUT_MS),
    idleTimeoutMs: INDEX_TIMEOUT_MS,
  });
  const status = answer.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    answer.resume();
    throw new Error(`OFF's delta index answered HTTP ${status}`);
  }
  return (await readText(answer))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Applies OFF's daily deltas not applied yet, oldest first, each as an import run (idempotent by
 * barcode and `last_modified_t`, so a delta applied again changes nothing). A delta that does not
 * complete stops the sync there: the next one starts again from that delta, never skipping ahead.
 * Each delta applied, and the sync's outcome, go on the `off-sync` stream.
 */
export async function syncOff(ctx: ImportContext, options: SyncOptions): Promise<SyncSummary> {
  const syncId = randomUUID();
  const startedAt = ctx.clock().toISOString();
  const metadata = (): EventMetadata => ({
    actor: null,
    correlationId: syncId,
    causationId: null,
    at: ctx.clock().toISOString(),
  });
  const record = (command: OffSyncCommand) =>
    handleCommand<OffSyncCommand, Awaited<ReturnType<typeof loadSyncState>>, OffSyncEvent>({
      store: ctx.store,
      decider: offSyncDecider,
      stream: streams.offSync(),
      command,
      metadata: metadata(),
    });
  const summary: SyncSummary = {
    syncId,
    state: 'completed',
    applied: [],
    alreadyApplied: 0,
    counts: emptyCounts(),
    gap: null,
    error: null,
  };
  try {
    const plan = planSync(await readIndex(options), await loadSyncState(ctx));
    summary.gap = plan.gap;
    summary.alreadyApplied = plan.alreadyApplied;
    for (const file of plan.toApply) {
      if (options.signal?.aborted) {
        summary.state = 'interrupted';
        break;
      }
      const { runId, summary: run } = await importOff(ctx, {
        source: `${options.staticUrl}/data/delta/${file.name}`,
        origin: options.staticUrl,
        ...(options.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      summary.counts = addCounts(summary.counts, run.counts);
      if (run.state !== 'completed') {
        options.onDelta?.(`${file.name}: ${run.state}, ${describeCounts(run.counts)}`);
        summary.state = run.state === 'failed' ? 'failed' : 'interrupted';
        summary.error = `${file.name}: ${run.error ?? run.state}`;
        break;
      }
      await record({
        type: 'RecordDeltaApplied',
        syncId,
        file: file.name,
        runId,
        at: ctx.clock().toISOString(),
      });
      summary.applied.push(file.name);
      options.onDelta?.(`${file.name}: applied, ${describeCounts(run.counts)}`);
    }
  } catch (error) {
    summary.state = error instanceof NotAnExportError ? 'interrupted' : 'failed';
    summary.error = error instanceof Error ? error.message : String(error);
  }
  await record({
    type: 'FinishSync',
    sync: {
      syncId,
      startedAt,
      finishedAt: ctx.clock().toISOString(),
      state: summary.state,
      applied: summary.applied,
      counts: summary.counts,
      gap: summary.gap,
      error: summary.error,
    },
  });
  return summary;
}

function describeCounts(counts: ImportRunCounts): string {
  const skipped = Object.values(counts.skipped).reduce((sum, n) => sum + n, 0);
  return `${counts.rowsRead} rows read: ${counts.imported} new, ${counts.updated} updated, ${counts.unchanged} unchanged, ${skipped} skipped`;
}

/** What a sync did, said plainly (the last line `npm run sync:off` prints). */
export function describeSync(summary: SyncSummary): string {
  const lines = [
    summary.applied.length === 0 && summary.state === 'completed'
      ? `Nothing to apply: every delta Open Food Facts lists (${summary.alreadyApplied}) was applied before.`
      : `Sync ${summary.state}: applied ${summary.applied.length} delta(s)` +
        (summary.alreadyApplied > 0 ? `, ${summary.alreadyApplied} applied before` : '') +
        ` (${describeCounts(summary.counts)}).`,
  ];
  if (summary.error) lines.push(`Stopped at ${summary.error}. Run it again to go on from there.`);
  if (summary.gap) lines.push(summary.gap);
  return lines.join('\n');
}

function loadSyncState(ctx: ImportContext) {
  return loadState(ctx.store, offSyncDecider, streams.offSync());
}
