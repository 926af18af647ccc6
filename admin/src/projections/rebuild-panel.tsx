import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { RebuildJob } from './rebuild-jobs';

const seconds = (s: number) => `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;

function Running({ job }: { job: RebuildJob }) {
  const { progress } = job;
  const percent =
    progress && progress.total > 0 ? Math.min(100, (progress.processed / progress.total) * 100) : 0;
  return (
    <Alert severity="info" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography variant="body2">
        Rebuilding {job.projections.join(', ')} ({job.completed.length}/{job.projections.length} done)
        {progress &&
          ` · ${progress.projection}: ${progress.phase}, ${progress.processed.toLocaleString()} of ${progress.total.toLocaleString()} events`}
      </Typography>
      <LinearProgress variant={progress ? 'determinate' : 'indeterminate'} value={percent} sx={{ mt: 1 }} />
    </Alert>
  );
}

/** The latest rebuild: progress while it runs, then what it replayed or why it failed. */
export function RebuildPanel({ job }: { job: RebuildJob | undefined }) {
  if (!job) return null;
  return (
    <Box sx={{ my: 1 }} role="status" aria-label="Rebuild progress">
      {job.state === 'running' && <Running job={job} />}
      {job.state === 'done' && (
        <Alert severity="success">
          Rebuild done:{' '}
          {job.completed
            .map((c) => `${c.name} (${c.processed.toLocaleString()} events, ${seconds(c.seconds)})`)
            .join(', ')}
        </Alert>
      )}
      {job.state === 'failed' && (
        <Alert severity="error">
          Rebuild of {job.projections.join(', ')} failed: {job.error}
        </Alert>
      )}
    </Box>
  );
}
