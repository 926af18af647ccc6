import { unknownCommand, type Decider, type Recorded } from '../decider';
import type { OffSyncEvent } from '../events/catalogue';
import type { ImportRunCounts } from '../events/import-run-events';
import { OFF_DELTA_FILE, type offSyncEvents } from '../events/off-events';
import type { z } from 'zod';

/** One of OFF's daily delta files: its name and the Unix times of the first and last change in it. */
export interface DeltaFile {
  name: string;
  from: number;
  to: number;
}

/** A delta file's name read, or null for anything else (an index line we do not apply). */
export function parseDeltaFile(name: string): DeltaFile | null {
  const match = OFF_DELTA_FILE.exec(name);
  return match ? { name, from: Number(match[1]), to: Number(match[2]) } : null;
}

export type OffSyncFinished = z.infer<(typeof offSyncEvents)['OffSyncFinished']>;

/** What the `off-sync` stream says: the deltas applied, the newest of them, and the last sync. */
export interface OffSyncState {
  applied: ReadonlySet<string>;
  lastApplied: DeltaFile | null;
  lastSync: OffSyncFinished | null;
}

export const noSyncYet: OffSyncState = { applied: new Set(), lastApplied: null, lastSync: null };

export interface SyncPlan {
  /** The listed deltas not applied yet, in name (time) order. */
  toApply: DeltaFile[];
  /** Listed deltas applied before: skipped. */
  alreadyApplied: number;
  /** Index lines that are not delta file names: never fetched. */
  ignored: string[];
  /** Set when our last applied delta ends before the oldest one OFF still lists. */
  gap: string | null;
  /** Nothing applied before: only the last 14 days of changes come from the deltas. */
  firstSync: boolean;
}

const day = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/** The full export, named in the gap's message: what brings the changes the deltas no longer hold. */
export const FULL_EXPORT_HINT =
  'npm run import:off -- --url <OFF_STATIC_URL>/data/openfoodfacts-products.jsonl.gz';

/**
 * The deltas to apply from OFF's index, in name order (which is time order), skipping those
 * already applied. OFF keeps 14 days of deltas: when our last applied delta ends before the
 * oldest one listed, the changes in between are in no delta any more, and only the full export
 * brings them. The listed deltas are still applied (they hold the newest changes).
 */
export function planSync(listed: readonly string[], state: OffSyncState): SyncPlan {
  const files: DeltaFile[] = [];
  const ignored: string[] = [];
  for (const line of listed) {
    const file = parseDeltaFile(line);
    if (file) files.push(file);
    else ignored.push(line);
  }
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const oldest = files[0];
  const last = state.lastApplied;
  const gap =
    last && oldest && !state.applied.has(oldest.name) && oldest.from > last.to + 1
      ? `Our last applied delta ends ${day(last.to)}, but the oldest delta Open Food Facts still lists starts ${day(oldest.from)}: the changes in between are in no delta any more. The full export is needed: ${FULL_EXPORT_HINT}`
      : null;
  const toApply = files.filter((file) => !state.applied.has(file.name));
  return {
    toApply,
    alreadyApplied: files.length - toApply.length,
    ignored,
    gap,
    firstSync: last === null,
  };
}

/** How often a scheduled sync runs, and how soon one that did not complete is tried again. */
export const SYNC_EVERY_MS = 24 * 60 * 60_000;
export const SYNC_RETRY_MS = 60 * 60_000;

/**
 * When the next scheduled sync is due: a day after the last one started when it completed, an
 * hour after it ended otherwise; at once when there was none.
 */
export function nextSyncDueAt(last: OffSyncFinished | null, now: Date): Date {
  if (!last) return now;
  return last.state === 'completed'
    ? new Date(Date.parse(last.startedAt) + SYNC_EVERY_MS)
    : new Date(Date.parse(last.finishedAt) + SYNC_RETRY_MS);
}

export interface RecordDeltaApplied {
  type: 'RecordDeltaApplied';
  syncId: string;
  file: string;
  runId: string;
  at: string;
}

export interface FinishSync {
  type: 'FinishSync';
  sync: OffSyncFinished;
}

export type OffSyncCommand = RecordDeltaApplied | FinishSync;

/** Each delta is recorded applied once; a sync's outcome is recorded as it ended. */
export const offSyncDecider: Decider<OffSyncCommand, OffSyncState, OffSyncEvent> = {
  decide(command, state) {
    switch (command.type) {
      case 'RecordDeltaApplied': {
        if (state.applied.has(command.file)) return [];
        const { syncId, file, runId, at } = command;
        return [{ type: 'OffDeltaApplied', data: { syncId, file, runId, appliedAt: at } }];
      }
      case 'FinishSync':
        return [{ type: 'OffSyncFinished', data: command.sync }];
      default:
        return unknownCommand(command);
    }
  },
  evolve(state, event: Recorded<OffSyncEvent>) {
    switch (event.type) {
      case 'OffDeltaApplied': {
        const file = parseDeltaFile(event.data.file);
        const newer = file && (!state.lastApplied || file.name > state.lastApplied.name);
        return {
          ...state,
          applied: new Set([...state.applied, event.data.file]),
          lastApplied: newer ? file : state.lastApplied,
        };
      }
      case 'OffSyncFinished':
        return { ...state, lastSync: event.data };
      default:
        event satisfies never;
        return state;
    }
  },
  initialState: noSyncYet,
};

/** Counts of several import runs added up. */
export function addCounts(a: ImportRunCounts, b: ImportRunCounts): ImportRunCounts {
  const skipped = { ...a.skipped };
  for (const [reason, count] of Object.entries(b.skipped))
    skipped[reason as keyof typeof skipped] = (skipped[reason as keyof typeof skipped] ?? 0) + count;
  return {
    rowsRead: a.rowsRead + b.rowsRead,
    imported: a.imported + b.imported,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    skipped,
  };
}
