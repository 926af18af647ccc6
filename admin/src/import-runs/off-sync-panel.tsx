import { Alert, type AlertColor } from '@mui/material';
import { useGetOne } from 'react-admin';
import type { AdminOffSyncResponse } from '@labelwise/domain/contracts';
import { skippedByReason } from './skipped-by-reason';

const severity: Record<string, AlertColor> = {
  completed: 'success',
  interrupted: 'warning',
  failed: 'error',
};

const when = (iso: string) => new Date(iso).toLocaleString();

/** The last sync of Open Food Facts' daily deltas, its counts, and when the next is due. */
export function OffSyncPanel() {
  const { data } = useGetOne<AdminOffSyncResponse & { id: string }>('off-sync', { id: 'last' });
  if (!data) return null;
  const { lastSync, nextDueAt, schedule } = data;
  const next =
    schedule === 'daily' && nextDueAt
      ? `Next sync due ${when(nextDueAt)}.`
      : 'No scheduled sync (OFF_SYNC is off): run npm run sync:off.';
  if (!lastSync) return <Alert severity="info">No sync of Open Food Facts' daily deltas yet. {next}</Alert>;
  return (
    <Alert severity={lastSync.gap ? 'warning' : (severity[lastSync.state] ?? 'info')} sx={{ mt: 1 }}>
      Last sync {when(lastSync.startedAt)}: {lastSync.state}, {lastSync.applied.length} delta(s) applied;{' '}
      {lastSync.rowsRead.toLocaleString()} rows read, {lastSync.imported.toLocaleString()} new,{' '}
      {lastSync.updated.toLocaleString()} updated, {lastSync.unchanged.toLocaleString()} unchanged, skipped{' '}
      {lastSync.skippedTotal.toLocaleString()} ({skippedByReason(lastSync.skipped)}). {next}
      {lastSync.error && <div>{lastSync.error}</div>}
      {lastSync.gap && <div>{lastSync.gap}</div>}
    </Alert>
  );
}
