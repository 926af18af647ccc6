import { createHash } from 'node:crypto';
import type pg from 'pg';

/** A statement text sent this many times by one pool is prepared from then on. */
const PREPARE_AT = 3;
/** At most this many texts are prepared per pool (each on every connection that runs it). */
const MAX_PREPARED = 500;
/** Texts counted before the count starts over (texts that vary, such as lists of ids, never recur). */
const MAX_COUNTED = 20_000;

/** PostgreSQL's refusal to run a prepared statement whose table changed its columns since. */
export function isStalePreparedStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '0A000' &&
    typeof message === 'string' &&
    message.includes('cached plan must not change result type')
  );
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Sends the statements a pool runs again and again as named (prepared) statements: PostgreSQL
 * then parses each once per connection instead of on every call, and plans it once too where its
 * generic plan is as good as the ones it makes per call (its own choice, after five calls); for
 * the short statements of a busy write path parsing and planning cost more than running them.
 * Only statements with parameters are counted, and only texts that recur are prepared, so texts
 * built around varying values stay unnamed. A prepared statement whose table was rebuilt with
 * other columns is refused once by PostgreSQL (see isStalePreparedStatement): its text is then
 * never prepared again, and outside a transaction the call is repeated unnamed at once.
 */
export function prepareRecurringStatements(pool: pg.Pool): void {
  const counts = new Map<string, number>();
  const names = new Map<string, string>();
  const unprepared = new Set<string>();

  const nameOf = (text: string): string | undefined => {
    const name = names.get(text);
    if (name || unprepared.has(text) || names.size >= MAX_PREPARED) return name;
    const count = (counts.get(text) ?? 0) + 1;
    if (count < PREPARE_AT) {
      if (counts.size >= MAX_COUNTED) counts.clear();
      counts.set(text, count);
      return undefined;
    }
    counts.delete(text);
    const prepared = `recurring-${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, prepared);
    return prepared;
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const prepared = async (text: string, values: unknown[], name: string) => {
      const idle = client.getTransactionStatus() === 'I';
      try {
        return await (query({ name, text, values }) as Promise<unknown>);
      } catch (error) {
        if (!isStalePreparedStatement(error)) throw error;
        names.delete(text);
        unprepared.add(text);
        if (!idle) throw error;
        return query(text, values);
      }
    };
    (client as unknown as { query: Query }).query = (text, values, callback) => {
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
        const name = nameOf(text);
        if (name) return prepared(text, values, name);
      }
      return query(text, values, callback);
    };
  });
}
