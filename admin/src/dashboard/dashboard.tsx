import { Alert, Box, Stack } from '@mui/material';
import { Loading, Title, useGetOne } from 'react-admin';
import type { AdminDashboardResponse } from '@labelwise/domain/contracts';
import { ReadReplicas } from '../projections/read-replicas';
import { errorMessage } from '../shared/error-message';
import { ProjectionHealth } from './projection-health';
import { StatCard, filtered } from './stat-card';

const REFRESH_MS = 30_000;

export function Dashboard() {
  const { data, error, isPending } = useGetOne<AdminDashboardResponse>(
    'dashboard',
    { id: 'today' },
    { refetchInterval: REFRESH_MS },
  );
  if (isPending) return <Loading />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const { reviews, products, users, scans, projections } = data;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Labelwise moderation" />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <StatCard
          title="Reviews waiting"
          value={reviews.waiting}
          detail="Visible, posted in the last 24 hours"
          to={filtered('/reviews', { status: 'visible', postedSince: reviews.waitingSince })}
        />
        <StatCard
          title="Hidden reviews"
          value={reviews.hidden}
          to={filtered('/reviews', { status: 'hidden' })}
        />
        <StatCard
          title="New products today"
          value={products.newToday}
          detail={`${products.listed} listed, ${products.removed} removed`}
          to={filtered('/products', { createdSince: products.since })}
        />
        <StatCard title="Scans today" value={scans.today} />
        <StatCard
          title="Premium users"
          value={users.premium}
          detail={`of ${users.total} users, ${users.suspended} suspended`}
          to={filtered('/users', { premium: 'true' })}
        />
      </Stack>
      <ProjectionHealth {...projections} />
      <ReadReplicas />
    </Box>
  );
}
