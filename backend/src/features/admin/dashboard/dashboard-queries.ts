import type { AdminDashboardResponse } from '@labelwise/domain';
import {
  adminProductCounts,
  adminReviewCounts,
  adminUserCounts,
  productsScannedSince,
} from '@labelwise/projections/queries';
import type { AppContext } from '../../../http/context';

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The numbers a moderator starts the day with, at `now`. */
export async function dashboardNumbers(
  ctx: Pick<AppContext, 'reads' | 'projectionHealth'>,
  now: Date,
): Promise<AdminDashboardResponse> {
  const today = startOfUtcDay(now);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [reviews, products, users, scansToday, projections] = await Promise.all([
    adminReviewCounts(ctx.reads, dayAgo),
    adminProductCounts(ctx.reads, today),
    adminUserCounts(ctx.reads, now),
    productsScannedSince(ctx.reads, today),
    ctx.projectionHealth(),
  ]);
  return {
    id: 'today',
    generatedAt: now.toISOString(),
    reviews: { ...reviews, waitingSince: dayAgo.toISOString() },
    products: { ...products, since: today.toISOString() },
    users,
    scans: { today: scansToday },
    projections: {
      healthy: projections.every((p) => p.state !== 'parked' && p.lastError === null),
      items: projections,
    },
  };
}
