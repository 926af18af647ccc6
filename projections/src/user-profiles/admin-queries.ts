import { sql, type Kysely, type Selectable } from 'kysely';
import { isPremiumUntil, type AdminUserDetailResponse, type AdminUserResponse } from '@labelwise/domain';
import { namedByIngredients, personalIngredients } from '../product-cards/card-columns';
import { countedPage, matchingAll, textSearch, type ListQuery } from '../list-pages';
import type { Database } from '../schema/database';
import type { UserProfilesTable } from './tables';

/** What the console's user list filters by. */
export interface AdminUserFilter {
  id?: string[];
  q?: string;
  premium?: boolean;
  suspended?: boolean;
}

/** What the console's user list sorts by: each field's column. */
export const adminUserSortColumns = {
  registeredAt: 'registered_at',
  email: 'email',
  username: 'username_lower',
  premiumUntil: 'premium_until',
  scansTotal: 'scans_total',
} as const;
export type AdminUserSortField = keyof typeof adminUserSortColumns;

/** Search by email or username (either part), or by the exact uid. */
const matching = (filter: AdminUserFilter, now: Date) =>
  matchingAll<Database, 'user_profiles'>((eb) => [
    filter.id && eb('uid', 'in', filter.id.length ? filter.id : ['']),
    filter.suspended !== undefined && eb('suspended', '=', filter.suspended),
    filter.premium !== undefined &&
      (filter.premium
        ? eb('premium_until', '>', now)
        : eb.or([eb('premium_until', 'is', null), eb('premium_until', '<=', now)])),
    textSearch(eb, filter.q, ['email', 'username'], (term) => [eb('uid', '=', term)]),
  ]);

function adminUser(row: Selectable<UserProfilesTable>, now: Date): AdminUserResponse {
  return {
    id: row.uid,
    email: row.email,
    displayName: row.display_name,
    username: row.username,
    plan: row.plan,
    premiumUntil: row.premium_until?.toISOString() ?? null,
    isPremium: isPremiumUntil(row.premium_until, now),
    suspended: row.suspended,
    deleted: row.erased,
    registeredAt: row.registered_at.toISOString(),
    scansTotal: row.scans_total,
  };
}

export function listAdminUsers(
  db: Kysely<Database>,
  query: ListQuery<AdminUserFilter, AdminUserSortField>,
  now: Date,
) {
  const where = matching(query.filter, now);
  return countedPage(
    db
      .selectFrom('user_profiles')
      .selectAll()
      .where(where)
      .orderBy(sql.ref(adminUserSortColumns[query.sort.field]), (ob) =>
        query.sort.direction === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast(),
      )
      .orderBy('uid', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('user_profiles')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    (row) => adminUser(row, now),
  );
}

const RECENT = 50;

/**
 * One user with their latest scans and reviews (from `user_scans` and `reviews`, read here as the
 * parts of one record); their personal scans named as their own history names them (the console
 * may read a personal scan whole: it lists it like any product).
 */
export async function findAdminUser(
  db: Kysely<Database>,
  uid: string,
  now: Date,
): Promise<Omit<AdminUserDetailResponse, 'suspensionReason' | 'subscription'> | undefined> {
  const [profile, scans, reviews] = await Promise.all([
    db.selectFrom('user_profiles').selectAll().where('uid', '=', uid).executeTakeFirst(),
    db
      .selectFrom('user_scans as s')
      .leftJoin('product_cards as p', 'p.id', 's.product_id')
      .select(['s.product_id', 'p.name', 'p.brand', 'p.rating', 's.scanned_at', personalIngredients])
      .where('s.uid', '=', uid)
      .orderBy('s.position_commit', 'desc')
      .orderBy('s.position_prepare', 'desc')
      .limit(RECENT)
      .execute(),
    db
      .selectFrom('reviews as r')
      .leftJoin('product_cards as p', 'p.id', 'r.product_id')
      .select([
        'r.id',
        'r.product_id',
        'p.name',
        'r.rating',
        'r.title',
        'r.comment',
        'r.hidden',
        'r.created_at',
        personalIngredients,
      ])
      .where('r.author_uid', '=', uid)
      .orderBy('r.created_at', 'desc')
      .limit(RECENT)
      .execute(),
  ]);
  if (!profile) return undefined;
  return {
    ...adminUser(profile, now),
    scans: scans.map(namedByIngredients).map((s) => ({
      productId: s.product_id,
      productName: s.name,
      productBrand: s.brand,
      rating: s.rating,
      scannedAt: s.scanned_at.toISOString(),
    })),
    reviews: reviews.map(namedByIngredients).map((r) => ({
      id: r.id,
      productId: r.product_id,
      productName: r.name,
      rating: r.rating,
      title: r.title,
      comment: r.comment,
      hidden: r.hidden,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

/** The console dashboard's user numbers at `now`: everyone, Premium members, suspended. */
export function adminUserCounts(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('user_profiles')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where premium_until > ${now})::int`.as('premium'),
      sql<number>`count(*) filter (where suspended)::int`.as('suspended'),
    ])
    .executeTakeFirstOrThrow();
}
