import type pg from 'pg';

export const EVENTS_CHANNEL = 'labelwise_events';

/** Two-key advisory lock every append holds (shared) for its whole transaction. */
const APPEND_LOCK = { classid: 0x4c57_0003, objid: 0 } as const;
/** Advisory lock namespace of per-stream append locks (keyed by the stream id's hash). */
const STREAM_LOCK_CLASS = 0x4c57_0004;

/**
 * The event store's tables and its append function.
 *
 * - `streams` holds each stream's current revision. Appends to the same stream serialize (on a
 *   per-stream advisory lock, then that row) while different streams never wait for each other.
 * - `events.transaction_id` is the appending transaction's id. Readers only return rows older
 *   than `events_horizon()`, the oldest appending transaction that may still be in flight, and
 *   order by `(transaction_id, global_position)`: a transaction that took an earlier sequence
 *   value but commits later can never be skipped by a reader that has already moved past it.
 * - Appenders hold a shared advisory lock (APPEND_LOCK) from before their transaction id is
 *   assigned, so the horizon can tell them from other transactions (projection batches,
 *   payments, ...). A plain `pg_snapshot_xmin` horizon would hold every reader behind the
 *   slowest projection transaction and turn a few milliseconds of lag into seconds.
 * - `append_events` does the whole append (revision check, idempotency check, insert) in one
 *   statement, i.e. one round-trip and one transaction.
 * - An append names the subjects it is for (`p_open_subjects`: whose data it seals, on whose
 *   behalf it is made) and is refused once the erasure of one of them has begun; it holds their
 *   locks until it commits, so an erasure waits for it (`subjects_open`, in the key store's schema).
 *   Taken before the stream locks: an erasure deleting a stream never waits for an append that
 *   waits for it.
 */
const ddl = /* sql */ `
create sequence if not exists events_global_position_seq as bigint;

create table if not exists streams (
  stream_id text primary key,
  revision bigint not null
);

create table if not exists events (
  global_position bigint not null default nextval('events_global_position_seq'),
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_revision bigint not null,
  event_id uuid not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  primary key (stream_id, stream_revision),
  unique (stream_id, event_id)
);

create index if not exists events_global_order on events (transaction_id, global_position);

-- The first transaction id that may still add events, as of snapshot p_snapshot (the calling
-- statement's): the oldest transaction in flight then that holds the append lock in this database,
-- or has ended since having appended here, else the snapshot's xmax. Transaction ids and snapshots
-- span the cluster: another database's transactions must not hold this one's readers back.
-- The locks must be read before any status is checked: an appender ending between a status check
-- and a later lock read would pass as a transaction that never appended. Volatile, so the look for
-- an ended transaction's events takes a fresh snapshot (read committed); one that still counts it as
-- running, or a repeatable-read caller's, keeps it in the horizon.
drop function if exists events_horizon();
create or replace function events_horizon(p_snapshot pg_snapshot) returns xid8 language plpgsql volatile as $fn$
declare
  v_appenders bigint[];
  v_database oid := (select oid from pg_database where datname = current_database());
  v_xid xid8;
  v_appended boolean;
begin
  with locks as materialized (
    select pid, locktype, transactionid from pg_locks
    where granted and ((locktype = 'advisory' and database = v_database and classid = ${APPEND_LOCK.classid} and objid = ${APPEND_LOCK.objid} and objsubid = 2)
                       or (locktype = 'transactionid' and mode = 'ExclusiveLock'))
  )
  select coalesce(array_agg(x.transactionid::text::bigint), '{}') into v_appenders
  from locks a join locks x on x.pid = a.pid and x.locktype = 'transactionid'
  where a.locktype = 'advisory';
  for v_xid in select xid from pg_snapshot_xip(p_snapshot) xid order by xid loop
    if v_xid::text::bigint % 4294967296 = any (v_appenders) then return v_xid; end if;
    if pg_xact_status(v_xid) <> 'in progress' then
      select not pg_visible_in_snapshot(v_xid, pg_current_snapshot())
             or exists (select 1 from events where transaction_id = v_xid)
      into v_appended;
      if v_appended then return v_xid; end if;
    end if;
  end loop;
  return pg_snapshot_xmax(p_snapshot);
end
$fn$;

drop function if exists append_events(text, text, jsonb, boolean);
create or replace function append_events(
  p_stream text,
  p_expected text,
  p_events jsonb,
  p_check_ids boolean,
  p_open_subjects text[] default '{}'
) returns table (status text, revision bigint, commit_position xid8, prepare_position bigint)
language plpgsql as $fn$
declare
  v_count int := jsonb_array_length(p_events);
  v_current bigint;
  v_created boolean := false;
begin
  -- Both before anything assigns this transaction its id. The shared lock marks it as an
  -- appender (see events_horizon). The stream lock makes appends to one stream take their ids
  -- in turn, so revision order agrees with (transaction_id, global_position): a row lock alone
  -- can hand a waiter an id older than the holder's it then appends after.
  perform pg_advisory_xact_lock_shared(${APPEND_LOCK.classid}, ${APPEND_LOCK.objid});
  if not subjects_open(p_open_subjects) then
    return query select 'erased'::text, null::bigint, null::xid8, null::bigint;
    return;
  end if;
  perform pg_advisory_xact_lock(${STREAM_LOCK_CLASS}, hashtext(p_stream));
  select s.revision into v_current from streams s where s.stream_id = p_stream for update;
  if not found then
    if p_expected in ('no_stream', 'any') then
      insert into streams (stream_id, revision) values (p_stream, v_count - 1) on conflict do nothing;
      v_created := found;
    end if;
    if not v_created then
      -- Absent, or created by a concurrent append since we looked: lock it now.
      select s.revision into v_current from streams s where s.stream_id = p_stream for update;
      if not found then
        return query select 'conflict'::text, null::bigint, null::xid8, null::bigint;
        return;
      end if;
    end if;
  end if;

  if v_created then
    v_current := -1;
  else
    if p_check_ids then
      return query
        select 'duplicate'::text, e.stream_revision, e.transaction_id, e.global_position
        from events e
        where e.stream_id = p_stream
          and e.event_id in (select (x.value ->> 'id')::uuid from jsonb_array_elements(p_events) x)
        order by e.stream_revision desc
        limit 1;
      if found then return; end if;
    end if;
    if p_expected = 'no_stream'
       or (p_expected not in ('any', 'stream_exists') and p_expected::bigint <> v_current) then
      return query select 'conflict'::text, v_current, null::xid8, null::bigint;
      return;
    end if;
    update streams set revision = v_current + v_count where stream_id = p_stream;
  end if;

  return query
    with inserted as (
      insert into events (stream_id, stream_revision, event_id, type, data, metadata)
      select p_stream, v_current + x.ordinality, (x.value ->> 'id')::uuid, x.value ->> 'type',
             x.value -> 'data', x.value -> 'metadata'
      from jsonb_array_elements(p_events) with ordinality x
      order by x.ordinality
      returning events.stream_revision, events.transaction_id, events.global_position
    )
    select 'ok'::text, i.stream_revision, i.transaction_id, i.global_position
    from inserted i order by i.stream_revision desc limit 1;
end
$fn$;

-- Many streams in one transaction (bulk imports). Same locks as append_events, taken in hash
-- order so two bulk appends never deadlock; every check happens before the first write, so a
-- conflict on any entry writes nothing. p_events holds {e, id, type, data, metadata} where e is
-- the 1-based entry (stream) the event belongs to. An entry whose event ids are already in its
-- stream is a duplicate: skipped, answered with that stream's matching position.
drop function if exists append_many(text[], text[], jsonb, boolean);
create or replace function append_many(
  p_streams text[],
  p_expected text[],
  p_events jsonb,
  p_check_ids boolean,
  p_open_subjects text[] default '{}'
) returns table (entry int, status text, revision bigint, commit_position xid8, prepare_position bigint)
language plpgsql as $fn$
declare
  v_current bigint[];
  v_counts bigint[];
  v_duplicates int[] := '{}';
begin
  perform pg_advisory_xact_lock_shared(${APPEND_LOCK.classid}, ${APPEND_LOCK.objid});
  if not subjects_open(p_open_subjects) then
    return query select 1, 'erased'::text, null::bigint, null::xid8, null::bigint;
    return;
  end if;
  -- One statement rather than a loop of them; the sorted subquery hands the keys over in order.
  perform pg_advisory_xact_lock(${STREAM_LOCK_CLASS}, k.key)
  from (select distinct hashtext(s) as key from unnest(p_streams) s order by 1) k;

  -- Correlated lookups: one index probe per stream, never a scan of the whole table.
  v_current := array(
    select (select st.revision from streams st where st.stream_id = e.s)
    from unnest(p_streams) with ordinality e(s, ord) order by e.ord
  );

  if p_check_ids then
    select coalesce(array_agg(distinct (x.value ->> 'e')::int), '{}') into v_duplicates
    from jsonb_array_elements(p_events) x
    -- Only a stream that exists can hold one of these ids already.
    where v_current[(x.value ->> 'e')::int] is not null and exists (
      select 1 from events ev
      where ev.stream_id = p_streams[(x.value ->> 'e')::int] and ev.event_id = (x.value ->> 'id')::uuid
    );
  end if;

  return query
    select e.ord::int, 'conflict'::text, v_current[e.ord], null::xid8, null::bigint
    from unnest(p_expected) with ordinality e(expected, ord)
    where not (e.ord = any (v_duplicates))
      and case e.expected
            when 'any' then false
            when 'no_stream' then v_current[e.ord] is not null
            when 'stream_exists' then v_current[e.ord] is null
            else v_current[e.ord] is distinct from e.expected::bigint
          end
    order by e.ord;
  if found then return; end if;

  return query
    select d.entry, 'duplicate'::text, ev.stream_revision, ev.transaction_id, ev.global_position
    from unnest(v_duplicates) d(entry)
    cross join lateral (
      select ev.stream_revision, ev.transaction_id, ev.global_position
      from jsonb_array_elements(p_events) x
      join events ev on ev.stream_id = p_streams[d.entry] and ev.event_id = (x.value ->> 'id')::uuid
      where (x.value ->> 'e')::int = d.entry
      order by ev.stream_revision desc limit 1
    ) ev;

  -- Events per entry (every entry has some). The stream locks keep the streams seen absent
  -- absent, so new ones are plain inserts: an upsert's speculative insertion costs more.
  v_counts := array(
    select count(*) from jsonb_array_elements(p_events) x
    group by (x.value ->> 'e')::int order by (x.value ->> 'e')::int
  );
  insert into streams (stream_id, revision)
  select e.s, v_counts[e.ord] - 1
  from unnest(p_streams) with ordinality e(s, ord)
  where v_current[e.ord] is null;
  update streams st set revision = v_current[e.ord] + v_counts[e.ord]
  from unnest(p_streams) with ordinality e(s, ord)
  where st.stream_id = e.s and v_current[e.ord] is not null and not (e.ord = any (v_duplicates));

  return query
    with numbered as (
      select (x.value ->> 'e')::int as entry, x.value, x.ord,
             row_number() over (partition by (x.value ->> 'e')::int order by x.ord) as nth
      from jsonb_array_elements(p_events) with ordinality x(value, ord)
    ), inserted as (
      insert into events (stream_id, stream_revision, event_id, type, data, metadata)
      select p_streams[n.entry], coalesce(v_current[n.entry], -1) + n.nth, (n.value ->> 'id')::uuid,
             n.value ->> 'type', n.value -> 'data', n.value -> 'metadata'
      from numbered n
      where not (n.entry = any (v_duplicates))
      order by n.ord
      returning events.stream_id, events.stream_revision, events.transaction_id, events.global_position
    )
    select distinct on (e.ord) e.ord::int, 'ok'::text, i.stream_revision, i.transaction_id, i.global_position
    from inserted i join unnest(p_streams) with ordinality e(s, ord) on e.s = i.stream_id
    order by e.ord, i.stream_revision desc;
end
$fn$;
`;

/** Idempotent migration; safe when several processes start at once. */
export async function ensureEventStoreSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select pg_advisory_xact_lock(hashtext('labelwise:event-store-schema'))");
    await client.query(ddl);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
