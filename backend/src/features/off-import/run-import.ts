import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { streams, type EventMetadata, type ImportRunCounts, canonicalBarcode } from '@labelwise/domain';
import { importBatch, type BatchContext } from './import-batch';
import { catchUpImportIndex } from './import-index';
import { OFF_CSV_COLUMNS, mapOffRecord } from './map-record';
import { createBatchPipeline } from './batch-pipeline';
import { ProgressReporter, emptyCounts, type ImportSummary, type ProgressOutput } from './progress';
import { SourceReadError } from './open-source';
import { readOffRecords } from './read-records';

/** Products per `appendMany` (two streams each for new ones: a claim and the product). */
export const DEFAULT_BATCH_SIZE = 1000;
/** Batches appended at once (on separate connections). */
export const DEFAULT_CONCURRENCY = 2;

export interface ImportContext extends BatchContext {
  clock: () => Date;
}

export interface ImportOptions {
  /** A path, `-` for stdin, or an http(s) URL. */
  source: string;
  stdin?: Readable;
  /** Lets a URL reach loopback, private and link-local addresses (refused by default). */
  allowPrivateNetwork?: boolean;
  /** Follows a URL's redirects within this origin only (the delta sync: Open Food Facts' configured one). */
  origin?: string;
  batchSize?: number;
  concurrency?: number;
  /** Aborting finishes the batch in hand, records the run as interrupted and returns. */
  signal?: AbortSignal;
  /** Where progress and the summary go (a bar on a TTY, JSON lines otherwise); nowhere by default. */
  progress?: ProgressOutput;
  /** At most one progress line (or bar redraw) per this many ms; 1,000 by default. */
  progressIntervalMs?: number;
}

export interface ImportResult {
  runId: string;
  summary: ImportSummary;
}

const silent: ProgressOutput = { write: () => true };

/**
 * Streams an Open Food Facts export into the event store: records → mapped products → batches
 * decided against what is known (import / update / unchanged) → `appendMany`. The run itself is
 * recorded on its own stream (`ImportRunStarted`, `ImportRunFinished` with counts and state).
 * Re-running a file appends nothing but the run's own events; a killed run re-run finishes the job.
 * A source without rows is refused before a run starts (`NotAnExportError`); a source that
 * breaks while read (`SourceReadError`) has the rows before the break imported, and the run
 * ends `interrupted`: running it again finishes the job.
 */
export async function importOff(ctx: ImportContext, options: ImportOptions): Promise<ImportResult> {
  const { source, records } = await readOffRecords(options.source, {
    columns: OFF_CSV_COLUMNS,
    ...(options.stdin ? { stdin: options.stdin } : {}),
    ...(options.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
    ...(options.origin ? { origin: options.origin } : {}),
  });
  // Read before the run is recorded: a source without rows is refused, not run.
  const first = await records.next().catch((error: unknown) => {
    source.close();
    throw error;
  });
  const runId = randomUUID();
  const counts = emptyCounts();
  const reporter = new ProgressReporter(
    options.progress ?? silent,
    () => ({
      counts,
      bytesRead: source.bytesRead(),
      totalBytes: source.totalBytes,
    }),
    Date.now,
    options.progressIntervalMs,
  );
  const metadata = (): EventMetadata => ({
    actor: null,
    correlationId: runId,
    causationId: null,
    at: ctx.clock().toISOString(),
  });
  let state: ImportSummary['state'] = 'completed';
  let failure: string | undefined;
  try {
    await catchUpImportIndex(ctx.db, ctx.store);
    await ctx.store.append(
      streams.importRun(runId),
      [
        {
          type: 'ImportRunStarted',
          data: { runId, source: source.name, format: source.format, startedAt: ctx.clock().toISOString() },
          metadata: metadata(),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const pipeline = createBatchPipeline({
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      run: async (items) => {
        const done = await importBatch(ctx, items, metadata());
        counts.imported += done.imported;
        counts.updated += done.updated;
        counts.unchanged += done.unchanged;
        reporter.tick();
      },
    });
    try {
      try {
        for (let next = first; !next.done; next = await records.next()) {
          const record = next.value;
          counts.rowsRead++;
          const mapped = mapOffRecord(record);
          if (mapped.kind === 'skip') counts.skipped[mapped.reason]++;
          else await pipeline.add({ barcode: canonicalBarcode(mapped.source.code), source: mapped.source });
          if (options.signal?.aborted) {
            state = 'interrupted';
            break;
          }
          if ((counts.rowsRead & 1023) === 0) reporter.tick();
        }
      } catch (error) {
        if (!(error instanceof SourceReadError)) throw error;
        // The rows read before the break are whole: they are imported like any others.
        state = 'interrupted';
        failure = error.message;
      }
      await pipeline.finish();
    } finally {
      await pipeline.drain();
    }
  } catch (error) {
    state = 'failed';
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    source.close();
  }
  const summary = reporter.finish({
    source: source.name,
    format: source.format,
    state,
    ...(failure ? { error: failure } : {}),
  });
  await recordFinish(ctx, runId, summary, metadata()).catch((error: unknown) => {
    if (state !== 'failed') throw error;
  });
  return { runId, summary };
}

async function recordFinish(
  ctx: ImportContext,
  runId: string,
  summary: ImportSummary,
  metadata: EventMetadata,
) {
  const counts: ImportRunCounts = summary.counts;
  await ctx.store.append(
    streams.importRun(runId),
    [
      {
        type: 'ImportRunFinished',
        data: {
          runId,
          state: summary.state,
          counts,
          finishedAt: ctx.clock().toISOString(),
          error: summary.error ?? null,
        },
        metadata,
      },
    ],
    { expectedRevision: 'stream_exists' },
  );
}
