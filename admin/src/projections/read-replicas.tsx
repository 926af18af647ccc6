import { Alert, Chip, Stack, type ChipProps } from '@mui/material';
import { useGetList } from 'react-admin';
import type { AdminReadReplicaResponse } from '@labelwise/domain/contracts';

const REFRESH_MS = 5000;

const stateColours: Record<AdminReadReplicaResponse['state'], ChipProps['color']> = {
  'in use': 'success',
  ready: 'default',
  lagging: 'warning',
  down: 'error',
  'not a replica': 'error',
};

const lag = (seconds: number | null) => (seconds === null ? '' : `, ${seconds.toFixed(1)} s behind`);

/**
 * Which replica the API reads the read tables from, and each replica's state and lag (as the API
 * process that answered sees them; nothing without DATABASE_READ_URLS).
 */
export function ReadReplicaHealth({ replicas }: { replicas: AdminReadReplicaResponse[] }) {
  if (replicas.length === 0) return null;
  const inUse = replicas.find((replica) => replica.state === 'in use');
  const allFit = replicas.every((replica) => replica.state === 'in use' || replica.state === 'ready');
  return (
    <Alert
      severity={!inUse ? 'error' : allFit ? 'success' : 'warning'}
      role="status"
      aria-label="Read replicas"
      sx={{ my: 1 }}
    >
      {inUse
        ? `Read tables are read from ${inUse.name} (${inUse.address})${lag(inUse.lagSeconds)}; ${inUse.reads.toLocaleString()} reads since the API process started`
        : 'Read tables are read from the primary: no replica is fit to answer'}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
        {replicas.map((replica) => (
          <Chip
            key={replica.name}
            size="small"
            title={replica.error ?? replica.address}
            color={stateColours[replica.state]}
            label={`${replica.name}: ${replica.state}${lag(replica.lagSeconds)}`}
          />
        ))}
      </Stack>
    </Alert>
  );
}

/** ReadReplicaHealth, kept fresh. */
export function ReadReplicas() {
  const { data = [] } = useGetList<AdminReadReplicaResponse>(
    'read-replicas',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { refetchInterval: REFRESH_MS },
  );
  return <ReadReplicaHealth replicas={data} />;
}
