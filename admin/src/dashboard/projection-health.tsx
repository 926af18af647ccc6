import { Alert, Chip, Stack } from '@mui/material';
import { Link } from 'react-admin';
import type { ProjectionHealthResponse } from '@labelwise/domain/contracts';

/** Healthy when nothing is parked or failing; each projection with its lag. */
export function ProjectionHealth({
  healthy,
  items,
}: {
  healthy: boolean;
  items: ProjectionHealthResponse[];
}) {
  return (
    <Alert severity={healthy ? 'success' : 'error'} action={<Link to="/projections">Projections</Link>}>
      {healthy ? 'Projections healthy' : 'Projections need attention'}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
        {items.map((p) => (
          <Chip
            key={p.name}
            size="small"
            title={p.lastError ?? undefined}
            color={p.state === 'parked' || p.lastError ? 'error' : p.lagEvents > 0 ? 'warning' : 'default'}
            label={`${p.name}: ${p.state}${p.lagEvents > 0 ? `, ${p.lagEvents} behind` : ''}`}
          />
        ))}
      </Stack>
    </Alert>
  );
}
