import type { Kysely } from 'kysely';
import { newUser, type UserEvent } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { foldUsers } from '../user-documents';

// Authors' standing: of a user's document the ranking keeps whether they are suspended (a row of
// product_rating_suspended_authors each), and folds it on with the domain's user fold.

/** Which of these users are suspended, as the rows say. */
export async function suspendedAmong(db: Kysely<Database>, uids: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('product_rating_suspended_authors')
    .select('uid')
    .where('uid', 'in', wanted)
    .execute();
  return new Set(rows.map((row) => row.uid));
}

/** Whether each user the batch has events of is suspended after it, from `suspended` before it. */
export function standingAfter(
  events: readonly RecordedEvent<UserEvent>[],
  suspended: ReadonlySet<string>,
): Map<string, boolean> {
  const known = new Map(
    events.map(({ data: { uid } }) => [uid, { ...newUser, suspended: suspended.has(uid) }]),
  );
  return new Map([...foldUsers(events, known)].map(([uid, user]) => [uid, user.suspended]));
}

/** The suspended authors `before` with the batch's `standing` applied. */
export function suspendedAfter(before: ReadonlySet<string>, standing: Map<string, boolean>): Set<string> {
  const after = new Set(before);
  for (const [uid, suspended] of standing) {
    if (suspended) after.add(uid);
    else after.delete(uid);
  }
  return after;
}

export async function saveSuspendedAuthors(
  db: Kysely<Database>,
  before: ReadonlySet<string>,
  now: ReadonlySet<string>,
) {
  const added = [...now].filter((uid) => !before.has(uid));
  const removed = [...before].filter((uid) => !now.has(uid));
  if (added.length > 0) {
    await db
      .insertInto('product_rating_suspended_authors')
      .values(added.map((uid) => ({ uid })))
      .execute();
  }
  if (removed.length > 0)
    await db.deleteFrom('product_rating_suspended_authors').where('uid', 'in', removed).execute();
}
