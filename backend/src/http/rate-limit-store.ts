import { sql, type Kysely } from 'kysely';
import type { Store } from 'express-rate-limit';

/**
 * express-rate-limit counters in PostgreSQL, so every API process counts the same hits: with
 * two processes behind a round-robin each request lands on either, and per-process counters
 * would let through twice the limit. One upsert per counted request: a fixed window per key,
 * started by its first hit, as express-rate-limit's own memory store does.
 */
/** How often a store deletes the counters of windows long over (people and addresses come and go). */
const SWEEP_EVERY_MS = 10 * 60_000;

export function postgresRateLimitStore<DB>(db: Kysely<DB>, name: string, windowMs: number): Store {
  const keyOf = (key: string) => `${name}:${key}`;
  let lastSweep = Date.now();
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    sql`delete from rate_limit_hits where reset_at < now()`.execute(db).catch(() => {});
  };
  return {
    localKeys: false,
    prefix: `${name}:`,
    async increment(key) {
      sweep();
      const { rows } = await sql<{ hits: number; reset_at: Date }>`
        insert into rate_limit_hits as r (key, hits, reset_at)
        values (${keyOf(key)}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning hits, reset_at`.execute(db);
      return { totalHits: rows[0]!.hits, resetTime: rows[0]!.reset_at };
    },
    async decrement(key) {
      await sql`update rate_limit_hits set hits = greatest(hits - 1, 0) where key = ${keyOf(key)}`.execute(
        db,
      );
    },
    async resetKey(key) {
      await sql`delete from rate_limit_hits where key = ${keyOf(key)}`.execute(db);
    },
  };
}
