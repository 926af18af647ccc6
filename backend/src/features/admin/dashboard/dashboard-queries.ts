import { sql } from 'kysely';
import type { AdminDashboardResponse } from '@labelwise/domain';
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
  const [reviews, products, users, scans, projections] = await Promise.all([
    ctx.reads
      .selectFrom('reviews')
      .select([
        sql<number>`count(*) filter (where not hidden and created_at >= ${dayAgo})::int`.as('waiting'),
        sql<number>`count(*) filter (where hidden)::int`.as('hidden'),
        sql<number>`count(*) filter (where not hidden)::int`.as('visible'),
      ])
      .executeTakeFirstOrThrow(),
    ctx.reads
      .selectFrom('product_cards')
      .select([
        sql<number>`count(*) filter (where created_at >= ${today} and source <> 'starter')::int`.as(
          'newToday',
        ),
        sql<number>`count(*) filter (where not removed)::int`.as('listed'),
        sql<number>`count(*) filter (where removed)::int`.as('removed'),
      ])
      .executeTakeFirstOrThrow(),
    ctx.reads
      .selectFrom('user_profiles')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) filter (where premium_until > ${now})::int`.as('premium'),
        sql<number>`count(*) filter (where suspended)::int`.as('suspended'),
      ])
      .executeTakeFirstOrThrow(),
    // user_scans keeps each user's latest scan of each product: products scanned today, per user.
    ctx.reads
      .selectFrom('user_scans')
      .select(sql<number>`count(*)::int`.as('today'))
      .where('scanned_at', '>=', today)
      .executeTakeFirstOrThrow(),
    ctx.projectionHealth(),
  ]);
  return {
    id: 'today',
    generatedAt: now.toISOString(),
    reviews: { ...reviews, waitingSince: dayAgo.toISOString() },
    products: { ...products, since: today.toISOString() },
    users,
    scans: { today: scans.today },
    projections: {
      healthy: projections.every((p) => p.state !== 'parked' && p.lastError === null),
      items: projections,
    },
  };
}
