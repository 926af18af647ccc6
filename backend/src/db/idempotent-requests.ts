import { sql, type Kysely } from 'kysely';
import type { RequestMemory } from '../commands/idempotent-request';

/** How long a first answer is kept for retries with the same Idempotency-Key. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/**
 * A first request whose lease has not been renewed for this long is taken to have died with its
 * process; a retry then runs again (its event ids repeat the first run's, so nothing is appended
 * twice). A live process renews the leases of the requests it runs every `LEASE_RENEWAL_SECONDS`.
 */
export const IN_PROGRESS_LEASE_SECONDS = 30;
export const LEASE_RENEWAL_SECONDS = 10;

/** One request per (who, key): its fingerprint, and its answer once it has one. */
export type IdempotentRequest =
  | { state: 'claimed' }
  | { state: 'running' }
  /** Its first run gave the key back (it did not run, or failed); only the same request may run again. */
  | { state: 'released'; fingerprint: string }
  | { state: 'answered'; fingerprint: string; status: number; body: unknown };

/** Whose requests a signed-in user's keys are. */
export const userPrincipal = (uid: string) => `user:${uid}`;

/** Drops every stored request and answer of a user (their account was deleted): answers can hold a profile. */
export async function forgetUserRequests<DB>(db: Kysely<DB>, uid: string): Promise<void> {
  await sql`delete from idempotent_requests where principal = ${userPrincipal(uid)}`.execute(db);
}

const retention = sql`make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`;

/**
 * Takes the key for this request, or tells what holds it. A row past retention counts as absent;
 * a released one, or a running one past its lease, is taken by a retry of the same request, which
 * keeps what the earlier run remembered (`memo`).
 */
export async function claimIdempotencyKey<DB>(
  db: Kysely<DB>,
  request: { principal: string; key: string; fingerprint: string },
): Promise<IdempotentRequest> {
  const { principal, key, fingerprint } = request;
  for (;;) {
    const claimed = await sql`
      insert into idempotent_requests as r (principal, key, fingerprint) values (${principal}, ${key}, ${fingerprint})
      on conflict (principal, key) do update
        set fingerprint = excluded.fingerprint, status = null, body = null, started_at = now(),
            memo = case when r.created_at < now() - ${retention} then '{}' else r.memo end,
            created_at = case when r.created_at < now() - ${retention} then now() else r.created_at end
        where r.created_at < now() - ${retention}
           or (r.status is null and r.fingerprint = excluded.fingerprint
               and r.started_at < now() - make_interval(secs => ${IN_PROGRESS_LEASE_SECONDS}))
      returning 1`.execute(db);
    if (claimed.rows.length > 0) return { state: 'claimed' };
    const { rows } = await sql<{
      fingerprint: string;
      status: number | null;
      body: unknown;
      released: boolean;
    }>`
      select fingerprint, status, body, started_at = '-infinity' as released
      from idempotent_requests where principal = ${principal} and key = ${key}`.execute(db);
    const row = rows[0];
    // Purged or released between the two statements: claim again.
    if (!row || (row.released && row.fingerprint === fingerprint)) continue;
    if (row.released) return { state: 'released', fingerprint: row.fingerprint };
    if (row.status === null) return { state: 'running' };
    return { state: 'answered', fingerprint: row.fingerprint, status: row.status, body: row.body };
  }
}

export async function storeIdempotentAnswer<DB>(
  db: Kysely<DB>,
  request: { principal: string; key: string },
  answer: { status: number; body: unknown },
): Promise<void> {
  await sql`
    update idempotent_requests set status = ${answer.status}, body = ${JSON.stringify(answer.body ?? null)}::jsonb
    where principal = ${request.principal} and key = ${request.key} and status is null`.execute(db);
}

/**
 * Gives the key back to retries of the same request (it answered something a retry should not get
 * again, or nothing), keeping what it remembered: a retry may run again at once.
 */
export async function releaseIdempotencyKey<DB>(
  db: Kysely<DB>,
  request: { principal: string; key: string },
): Promise<void> {
  await sql`
    update idempotent_requests set started_at = '-infinity'
    where principal = ${request.principal} and key = ${request.key} and status is null`.execute(db);
}

/** Renews the leases of requests this process is still running (see IN_PROGRESS_LEASE_SECONDS). */
export async function renewIdempotencyLeases<DB>(
  db: Kysely<DB>,
  requests: readonly { principal: string; key: string }[],
): Promise<void> {
  if (requests.length === 0) return;
  await sql`
    update idempotent_requests set started_at = now()
    where (principal, key) in (
        select * from unnest(${requests.map((r) => r.principal)}::text[], ${requests.map((r) => r.key)}::text[]))
      and status is null and started_at <> '-infinity'`.execute(db);
}

/** A keyed request's memory: values kept in its row, stored before the request uses them. */
export function idempotentRequestMemory<DB>(
  db: Kysely<DB>,
  request: { principal: string; key: string },
): RequestMemory {
  const where = sql`principal = ${request.principal} and key = ${request.key}`;
  return {
    async recall(name, make) {
      const { rows } = await sql<{ value: string | null }>`
        select memo ->> ${name} as value from idempotent_requests where ${where}`.execute(db);
      const remembered = rows[0]?.value;
      if (remembered != null) return Number(remembered);
      const value = await make();
      await sql`
        update idempotent_requests set memo = memo || jsonb_build_object(${name}::text, ${value}::bigint)
        where ${where}`.execute(db);
      return value;
    },
  };
}

/** Forgets answers past retention. */
export async function purgeIdempotentRequests<DB>(db: Kysely<DB>): Promise<number> {
  const result = await sql`delete from idempotent_requests where created_at < now() - ${retention}`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
