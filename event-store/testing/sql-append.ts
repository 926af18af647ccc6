import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { uniqueStream, voteEvent } from './sample-events';

/** Appends one event to a new stream through the store's SQL function, in `client`'s open transaction if any. */
export const appendThroughSql = (client: pg.Client) =>
  client.query('select * from append_events($1, $2, $3, false)', [
    uniqueStream(),
    'any',
    JSON.stringify([{ id: randomUUID(), ...voteEvent('sql') }]),
  ]);

/** Runs `check` while an append on `client` is in flight (begun, not committed), then commits it. */
export async function whileAppendInFlight<T>(client: pg.Client, check: () => Promise<T>): Promise<T> {
  await client.query('begin');
  await appendThroughSql(client);
  try {
    return await check();
  } finally {
    await client.query('commit');
  }
}
