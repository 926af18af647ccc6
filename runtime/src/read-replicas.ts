import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type pg from 'pg';
import { poolOf } from './create-db';
import { createPool } from './pool';
import { prepareRecurringStatements } from './recurring-statements';
import { createLagClock, lsnFrom, lsnText, type Lsn } from './replica-lag';

/** How often each process looks at the primary's WAL position and each replica's replay. */
const LOOK_EVERY_MS = 100;
/** A look or a connection that takes longer than this counts the replica as down. */
const ANSWER_WITHIN_MS = 2000;
/** A read on a replica that stops answering (a network partition leaves its socket open) fails after this. */
const READ_WITHIN_MS = 10_000;

/**
 * `in use`: this process reads from it; `ready`: caught up, another replica is in use; `lagging`:
 * behind by more than the bound (or not yet known to be within it); `down`: not answering;
 * `not a replica`: it answers but is not in recovery (promoted, or the URL names a primary).
 */
export type ReplicaState = 'in use' | 'ready' | 'lagging' | 'down' | 'not a replica';

export interface ReplicaStatus {
  /** `replica 1`, `replica 2`...: its place in the list of URLs. */
  name: string;
  /** host:port/database, without credentials. */
  address: string;
  state: ReplicaState;
  /** How long ago the oldest write it has not replayed was made (null while unknown). */
  lagSeconds: number | null;
  error: string | null;
  /** Connections it has handed to reads since the process started (each runs one statement or a few). */
  reads: number;
}

interface Replica {
  name: string;
  address: string;
  readPool: pg.Pool;
  lookPool: pg.Pool;
  /** What it had replayed at the last look; undefined while it cannot be read from. */
  replayed: Lsn | undefined;
  lagSeconds: number | null;
  /** Whether its lag is known to be `lagSeconds` rather than at least that. */
  lagKnown: boolean;
  /** Why it cannot be read from at all, if so. */
  unfit: 'down' | 'not a replica' | undefined;
  error: string | null;
  reads: number;
}

/** What a request (or any unit of work) has written: its reads must see at least that. */
interface ReadScope {
  after: Lsn | undefined;
  wrote(lsn: string): void;
}

function addressOf(url: string): string {
  const parsed = new URL(url);
  return `${decodeURIComponent(parsed.hostname)}:${parsed.port || 5432}${parsed.pathname}`;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A replica's pools (one for reads, one for the looks at its replay), not yet looked at. */
function openReplica(url: string, index: number, poolSize: number | undefined): Replica {
  const readPool = createPool(url, poolSize, {
    connectionTimeoutMillis: ANSWER_WITHIN_MS,
    query_timeout: READ_WITHIN_MS,
  });
  prepareRecurringStatements(readPool);
  return {
    name: `replica ${index + 1}`,
    address: addressOf(url),
    readPool,
    lookPool: createPool(url, 1, {
      connectionTimeoutMillis: ANSWER_WITHIN_MS,
      query_timeout: ANSWER_WITHIN_MS,
    }),
    replayed: undefined,
    lagSeconds: null,
    lagKnown: false,
    unfit: undefined,
    error: null,
    reads: 0,
  };
}

/**
 * One look: the primary's flush position (for the lag clock) and each replica's replay position,
 * recorded on the replica, or why it cannot be read from (`unfit`).
 */
async function lookAtReplicas(
  primaryPool: pg.Pool,
  replicas: Replica[],
  clock: ReturnType<typeof createLagClock>,
  unfit: (replica: Replica, why: Replica['unfit'], error: unknown) => void,
): Promise<void> {
  const at = Date.now();
  const [position, ...replays] = await Promise.allSettled([
    primaryPool.query<{ lsn: string }>('select pg_current_wal_flush_lsn()::text as lsn'),
    ...replicas.map((replica) =>
      replica.lookPool.query<{ standby: boolean; replayed: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
      ),
    ),
  ]);
  // The primary's position is read through the flush position: what a replica can have received.
  const flushed = position.status === 'fulfilled' ? lsnFrom(position.value.rows[0]?.lsn) : undefined;
  if (flushed !== undefined) clock.primaryAt(flushed, at);
  replicas.forEach((replica, index) => {
    const answer = replays[index]!;
    if (answer.status === 'rejected') return unfit(replica, 'down', answer.reason);
    const { standby, replayed } = answer.value.rows[0]!;
    if (!standby) return unfit(replica, 'not a replica', 'it is not in recovery: not a streaming replica');
    const position = lsnFrom(replayed ?? undefined);
    const lag = position === undefined ? undefined : clock.lagOf(position, at);
    Object.assign(replica, {
      replayed: position,
      lagSeconds: lag?.seconds ?? null,
      lagKnown: lag?.known ?? false,
      unfit: undefined,
      error: null,
    });
  });
}

/**
 * A connection to `replica` if it has replayed `after`: asked on the connection itself when the
 * last look says it had not yet (a read right after a write would otherwise always go to the
 * primary), whose answer then serves the reads that follow too.
 */
async function connectionAfter(replica: Replica, after: Lsn | undefined): Promise<pg.PoolClient | undefined> {
  const client = await replica.readPool.connect();
  if (after === undefined || replica.replayed! >= after) return client;
  try {
    const { rows } = await client.query<{ lsn: string | null }>(
      'select pg_last_wal_replay_lsn()::text as lsn',
    );
    const replayed = lsnFrom(rows[0]?.lsn ?? undefined);
    if (replayed !== undefined && replayed >= after) {
      if (replayed > replica.replayed!) replica.replayed = replayed;
      return client;
    }
  } catch (error) {
    client.release(true);
    throw error;
  }
  client.release();
  return undefined;
}

/** The primary's WAL insert position, read after the call: reads started together share one look. */
function insertPositionReader(primaryPool: pg.Pool): () => Promise<Lsn> {
  let reading: Promise<Lsn> | undefined;
  let queued: Promise<Lsn> | undefined;
  const insertPositionNow = (): Promise<Lsn> => {
    if (!reading) {
      reading = primaryPool
        .query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')
        .then(({ rows }) => lsnFrom(rows[0]!.lsn)!)
        .finally(() => (reading = undefined));
      return reading;
    }
    // A read in flight may have started before this write was in: take the next one.
    queued ??= reading
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return insertPositionNow();
      });
    return queued;
  };
  return insertPositionNow;
}

/**
 * Reads of the read tables on PostgreSQL streaming replicas, through one Kysely instance: each
 * connection it hands out comes from the replica this process uses, or from the primary's pool
 * when no replica is fit (down, not a replica, lagging past `maxLagSeconds`) or when the work at
 * hand must see a write the replica has not replayed yet.
 *
 * Read-your-writes across replication: a unit of work runs in `scope(after, wrote, run)`;
 * `noteWrite()` (once its write is in the read tables on the primary) takes the primary's WAL
 * insert position, which lies past that write's commit, keeps it as the scope's `after` and hands
 * it to `wrote` (the API puts it in a cookie, whose value comes back as `after` on the next
 * request). A read in a scope goes to the replica only if the replica has replayed past `after`:
 * its last look says so (replay only moves forward, so an older look is only more careful), or,
 * if not, the replica says so when asked on the connection the read then uses.
 *
 * Each process looks every 100 ms at the primary's WAL position and every replica's replay
 * position and uses one replica at a time: the first fit one in the list, starting at a place
 * given by its pid, so that several API processes spread over the replicas.
 */
export function createReplicaReads<DB>(
  primary: Kysely<DB>,
  options: { urls: string[]; maxLagSeconds: number; poolSize?: number },
) {
  const primaryPool = poolOf(primary);
  if (!primaryPool) throw new Error('createReplicaReads: the primary must be made by createDb');
  const maxLagMs = options.maxLagSeconds * 1000;
  const clock = createLagClock(Math.max(2 * maxLagMs, 10_000));
  const replicas = options.urls.map((url, index) => openReplica(url, index, options.poolSize));
  const start = process.pid % replicas.length;
  const preference = [...replicas.slice(start), ...replicas.slice(0, start)];
  const fit = (replica: Replica) =>
    replica.replayed !== undefined && replica.lagKnown && replica.lagSeconds! * 1000 <= maxLagMs;
  let inUse: Replica | undefined;
  const choose = () => {
    inUse = preference.find(fit);
  };
  const unfit = (replica: Replica, why: Replica['unfit'], error: unknown) => {
    Object.assign(replica, { replayed: undefined, lagSeconds: null, unfit: why, error: messageOf(error) });
    choose();
  };

  const look = async () => {
    await lookAtReplicas(primaryPool, replicas, clock, unfit);
    choose();
  };

  let closed = false;
  let looking: Promise<void> = Promise.resolve();
  const lookAgain = () => {
    if (closed) return;
    looking = look().finally(() => {
      if (!closed) setTimeout(lookAgain, LOOK_EVERY_MS).unref();
    });
  };
  lookAgain();

  const scopes = new AsyncLocalStorage<ReadScope>();
  const routing: PostgresPool = {
    async connect() {
      const replica = inUse;
      if (replica) {
        try {
          const client = await connectionAfter(replica, scopes.getStore()?.after);
          if (client) {
            replica.reads++;
            return client;
          }
        } catch (error) {
          unfit(replica, 'down', error);
        }
      }
      return primaryPool.connect();
    },
    async end() {
      closed = true;
      await looking.catch(() => {});
      await Promise.all(replicas.flatMap((replica) => [replica.readPool.end(), replica.lookPool.end()]));
    },
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: routing }) });

  const insertPositionNow = insertPositionReader(primaryPool);

  return {
    /** The read tables' Kysely instance: a replica where one may answer, the primary otherwise. */
    db,
    /** Runs `run` in a scope whose reads see at least `after` (a WAL position, as `wrote` gave it). */
    scope<T>(after: string | undefined, wrote: (lsn: string) => void, run: () => T): T {
      return scopes.run({ after: lsnFrom(after), wrote }, run);
    },
    /** Called once a write is in the read tables on the primary: later reads in the scope see it. */
    async noteWrite(): Promise<void> {
      const scope = scopes.getStore();
      if (!scope) return;
      const lsn = await insertPositionNow();
      if (scope.after === undefined || lsn > scope.after) scope.after = lsn;
      scope.wrote(lsnText(scope.after));
    },
    status(): ReplicaStatus[] {
      return replicas.map((replica) => ({
        name: replica.name,
        address: replica.address,
        state: replica === inUse ? 'in use' : (replica.unfit ?? (fit(replica) ? 'ready' : 'lagging')),
        lagSeconds: replica.lagSeconds === null ? null : Math.round(replica.lagSeconds * 10) / 10,
        error: replica.error,
        reads: replica.reads,
      }));
    },
    close: () => db.destroy(),
  };
}

export type ReplicaReads<DB> = ReturnType<typeof createReplicaReads<DB>>;
