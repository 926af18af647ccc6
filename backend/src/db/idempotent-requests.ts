import { sql, type Kysely } from 'kysely';

/** How long a first answer is kept for retries with the same Idempotency-Key. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/**
 * A first request that has not answered after this long is taken to have died with its process;
 * a retry then runs again (its event ids repeat the first run's, so nothing is appended twice).
 */
export const IN_PROGRESS_LEASE_SECONDS = 120;

/** One request per (who, key): its fingerprint, and its answer once it has one. */
export type IdempotentRequest =
  | { state: 'claimed' }
  | { state: 'running' }
  | { state: 'answered'; fingerprint: string; status: number; body: unknown };

/** Idempotent: creates the table of first answers (serialized: `if not exists` alone races). */
export async function ensureIdempotentRequests<DB>(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('labelwise:idempotent-requests'))`.execute(trx);
    await sql`
      create table if not exists idempotent_requests (
        principal text not null,
        key text not null,
        fingerprint text not null,
        status smallint,
        body jsonb,
        created_at timestamptz not null default now(),
        started_at timestamptz not null default now(),
        primary key (principal, key)
      )`.execute(trx);
    await sql`create index if not exists idempotent_requests_created_at on idempotent_requests (created_at)`.execute(
      trx,
    );
  });
}

const retention = sql`make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`;

/**
 * Takes the key for this request, or tells what holds it. A row past retention counts as absent;
 * a running one past its lease is taken over by a retry of the same request.
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
        set fingerprint = excluded.fingerprint, status = null, body = null, created_at = now(), started_at = now()
        where r.created_at < now() - ${retention}
           or (r.status is null and r.fingerprint = excluded.fingerprint
               and r.started_at < now() - make_interval(secs => ${IN_PROGRESS_LEASE_SECONDS}))
      returning 1`.execute(db);
    if (claimed.rows.length > 0) return { state: 'claimed' };
    const { rows } = await sql<{ fingerprint: string; status: number | null; body: unknown }>`
      select fingerprint, status, body from idempotent_requests where principal = ${principal} and key = ${key}`.execute(
      db,
    );
    const row = rows[0];
    // Purged between the two statements: claim again.
    if (!row) continue;
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

/** Gives the key back (the request answered something a retry should not get again, or nothing). */
export async function releaseIdempotencyKey<DB>(
  db: Kysely<DB>,
  request: { principal: string; key: string },
): Promise<void> {
  await sql`
    delete from idempotent_requests
    where principal = ${request.principal} and key = ${request.key} and status is null`.execute(db);
}

/** Forgets answers past retention. */
export async function purgeIdempotentRequests<DB>(db: Kysely<DB>): Promise<number> {
  const result = await sql`delete from idempotent_requests where created_at < now() - ${retention}`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
