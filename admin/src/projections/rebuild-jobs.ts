import { useEffect, useRef } from 'react';
import { useCreate, useGetList, useGetOne, useNotify, useRefresh } from 'react-admin';
import type { AdminRebuildJobResponse } from '@labelwise/domain/contracts';
import { errorMessage } from '../shared/error-message';

/** A console rebuild as `GET /admin/projection-rebuilds/:id` answers it. */
export type RebuildJob = AdminRebuildJobResponse;

const POLL_MS = 1000;

/** The latest rebuild, polled every second while it runs; the projections refresh when it ends. */
export function useLatestRebuild(): RebuildJob | undefined {
  const refresh = useRefresh();
  const { data: latest } = useGetList<RebuildJob>('projection-rebuilds', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'startedAt', order: 'DESC' },
  });
  const id = latest?.[0]?.id;
  const { data: job } = useGetOne<RebuildJob>(
    'projection-rebuilds',
    { id: id ?? '' },
    {
      enabled: id !== undefined,
      refetchInterval: (query) => (query.state.data?.state === 'running' ? POLL_MS : false),
    },
  );
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && job?.state !== 'running') refresh();
    wasRunning.current = job?.state === 'running';
  }, [job?.state, refresh]);
  return job;
}

/** `POST /admin/projection-rebuilds` ({projections}): one rebuild at a time per server. */
export function useStartRebuild() {
  const [create, { isPending }] = useCreate<RebuildJob>();
  const notify = useNotify();
  const refresh = useRefresh();
  const start = (projections: string[]) =>
    create(
      'projection-rebuilds',
      { data: { projections } },
      {
        onSuccess: () => {
          notify(`Rebuilding ${projections.join(', ')}`, { type: 'info' });
          refresh();
        },
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  return { start, isPending };
}
