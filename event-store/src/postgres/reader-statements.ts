import { SEALED } from '../event-codec';

/** The columns every event read returns. */
export const eventColumns =
  'global_position, transaction_id::text as commit_position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at';

/** Computed once per statement, before its rows are read; join `horizon` to use `settled`. */
const withHorizon = 'with horizon as materialized (select events_horizon(pg_current_snapshot()) as xid)';
/** Rows every in-flight append is newer than: nothing can still appear before them. */
const settled = 'transaction_id < horizon.xid';

/**
 * The statements that read the global order. Each must walk `events_global_order` from one end,
 * whatever the plan (prepared statements get generic ones): the history is large and the
 * horizon is unknown when a statement is planned. Hence the probe is two ordered LIMIT 1
 * lookups rather than `exists (... where ... < horizon)`, which the planner answers with a
 * sequential scan that reads the whole history whenever nothing matches, i.e. on every idle
 * look (reader-statements.int.test.ts holds them to it).
 */
export const readerStatements = {
  readAll: {
    name: 'labelwise_read_all',
    text: `${withHorizon} select ${eventColumns} from events, horizon
           where (transaction_id, global_position) > ($1::xid8, $2::bigint) and ${settled}
           order by transaction_id, global_position limit $3`,
  },
  headPosition: {
    name: 'labelwise_head_position',
    text: `select transaction_id::text as commit_position, global_position from events
           order by transaction_id desc, global_position desc limit 1`,
  },
  /** Every committed event counts, like the head: lag and "nothing was appended" must not miss one still unsettled. */
  countAfter: {
    name: 'labelwise_count_after',
    text: `select count(*)::int as count from (
             select 1 from events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
             order by transaction_id, global_position limit $3) capped`,
  },
  /** Whether an event after $1/$2 is readable, and whether settled events wait behind an open transaction. */
  probe: {
    name: 'labelwise_probe',
    text: `${withHorizon}, next as (
             select transaction_id from events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
             order by transaction_id, global_position limit 1
           ), newest as (
             select transaction_id from events order by transaction_id desc, global_position desc limit 1
           )
           select coalesce((select transaction_id < horizon.xid from next), false) as available,
                  coalesce((select transaction_id >= horizon.xid from newest), false) as hidden
           from horizon`,
  },
} as const;

/**
 * A column of the keys a row's sealed parts (each naming its key id `k`) need, as far as they are
 * still held: a stream read, on a command's path, opens its events without a second round trip
 * for their keys (and with the keys as they are now, never a copy cached before an erasure). The
 * ids are gathered into an array first: an `in (subquery)` lets the planner hash the whole key
 * table for every sealed row once it holds some thousands of keys (3 ms a row at 16,000 users).
 */
const sealedKeys = `case when data ? '${SEALED}' then (
    select coalesce(jsonb_object_agg(k.key_id, encode(k.key, 'base64')), '{}'::jsonb)
    from personal_data_keys k
    where k.key_id = any (array(select (part ->> 'k')::uuid from jsonb_array_elements(data -> '${SEALED}') part))
  ) end as keys`;

/** One stream's events from a revision on ($1 stream, $2 revision or null, $3 how many or null), with their keys. */
export const streamReadStatements = {
  forwards: {
    name: 'labelwise_read_stream',
    text: `select ${eventColumns}, ${sealedKeys} from events where stream_id = $1 and stream_revision >= $2
           order by stream_revision limit $3`,
  },
  backwards: {
    name: 'labelwise_read_stream_backwards',
    text: `select ${eventColumns}, ${sealedKeys} from events
           where stream_id = $1 and ($2::bigint is null or stream_revision <= $2)
           order by stream_revision desc limit $3`,
  },
} as const;
