import { sql, type Kysely } from 'kysely';

/**
 * Photo scans per user per UTC day. Not a read model (nothing is rebuilt from events): an
 * operational counter that protects the OCR workers, shared by every API instance.
 */
export type OcrQuotaTables = {
  ocr_daily_usage: { uid: string; day: string; count: number };
};

export interface QuotaDecision {
  allowed: boolean;
  /** Scans used today after this one (when allowed). */
  used: number;
  limit: number;
  /** Seconds until the next UTC midnight, when the quota resets. */
  resetsInSeconds: number;
}

export interface DailyQuota {
  /** Takes one scan from the user's allowance for `now`'s UTC day, atomically. */
  take(uid: string, now: Date): Promise<QuotaDecision>;
  /** Gives one back (the service failed, not the photo). */
  refund(uid: string, now: Date): Promise<void>;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export function secondsUntilUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

export function createDailyQuota<DB>(anyDb: Kysely<DB>, limit: number): DailyQuota {
  const db = anyDb.withTables<OcrQuotaTables>() as unknown as Kysely<OcrQuotaTables>;
  return {
    async take(uid, now) {
      const resetsInSeconds = secondsUntilUtcMidnight(now);
      if (limit <= 0) return { allowed: false, used: 0, limit, resetsInSeconds };
      // One statement: concurrent requests of one user can never both take the last scan.
      const row = await db
        .insertInto('ocr_daily_usage')
        .values({ uid, day: utcDay(now), count: 1 })
        .onConflict((oc) =>
          oc
            .columns(['uid', 'day'])
            .doUpdateSet({ count: sql<number>`ocr_daily_usage.count + 1` })
            .where('ocr_daily_usage.count', '<', limit),
        )
        .returning('count')
        .executeTakeFirst();
      return { allowed: row !== undefined, used: row?.count ?? limit, limit, resetsInSeconds };
    },
    async refund(uid, now) {
      await db
        .updateTable('ocr_daily_usage')
        .set({ count: sql<number>`greatest(count - 1, 0)` })
        .where('uid', '=', uid)
        .where('day', '=', utcDay(now))
        .execute();
    },
  };
}
