import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubjectErased, comparePositions, type EventStore, type Position } from '../port';
import { registeredEvent, reviewPostedEvent, sampleMetadata, voteEvent } from '../../testing/sample-events';
import { appendAsOlderVersion } from '../../testing/older-events';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { createPostgresEventStore } from './postgres-event-store';

describe('PostgreSQL: personal data in the events table', () => {
  let store: EventStore;
  let client: pg.Client;
  let drop: () => Promise<void>;
  let databaseUrl: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    databaseUrl = database.url;
    store = await createPostgresEventStore(database.url);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await store.close();
    await drop();
  });

  const rawData = async (stream: string) =>
    (
      await client.query<{ data: string }>('select data::text from events where stream_id = $1', [stream])
    ).rows.map((row) => row.data);

  it('never writes a personal field in clear text', async () => {
    const uid = randomUUID();
    await store.append(`user-${uid}`, [registeredEvent(uid, 'sealed-4711@example.com')], {
      expectedRevision: 'any',
    });
    const [data] = await rawData(`user-${uid}`);
    expect(data).not.toContain('sealed-4711');
    expect(data).toContain('$sealed');
  });

  it('reads a sealed field an older version stored with a NUL or half a surrogate pair as clean text', async () => {
    const uid = randomUUID();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      await appendAsOlderVersion(pool, `user-${uid}`, [
        {
          type: 'UserRegistered',
          data: {
            uid,
            email: 'old@example.com',
            emailVerified: true,
            displayName: 'Eve\u0000\ud800',
            provider: 'password',
          },
          metadata: sampleMetadata,
        },
      ]);
    } finally {
      await pool.end();
    }
    const [event] = await store.readStream(`user-${uid}`);
    expect(event!.data).toMatchObject({ email: 'old@example.com', displayName: 'Eve \ufffd' });
  });

  it('gives a subject one key when processes use it first at the same time, and forgets none of its fields', async () => {
    const other = await createPostgresEventStore(databaseUrl);
    try {
      const uid = randomUUID();
      const claims = Array.from({ length: 12 }, (_, i) => ({
        stream: `username-${uid}-${i}`,
        event: {
          type: 'UsernameClaimed' as const,
          data: { username: `name_${i}`, uid },
          metadata: sampleMetadata,
        },
      }));
      await Promise.all(
        claims.map(({ stream, event }, i) =>
          (i % 2 ? other : store).append(stream, [event], { expectedRevision: 'no_stream' }),
        ),
      );
      const read = await Promise.all(claims.map(({ stream }) => store.readStream(stream)));
      expect(read.map((events) => events[0]!.data)).toEqual(claims.map(({ event }) => event.data));
      const { rows } = await client.query(
        'select count(*)::int as keys from personal_data_keys where subject = $1',
        [`user-${uid}`],
      );
      expect(rows).toEqual([{ keys: 1 }]);
    } finally {
      await other.close();
    }
  });

  it("reads a stream's sealed events with their keys in the same statement, as they are held now", async () => {
    // Another process: its own pool, whose statements are counted, and no key in its cache.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const statements: string[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    pool.query = ((config: unknown, ...rest: unknown[]) => {
      statements.push(typeof config === 'string' ? config : (config as { text: string }).text);
      return query(config, ...rest);
    }) as typeof pool.query;
    const other = await createPostgresEventStore(pool);
    try {
      const uid = randomUUID();
      await store.append(`user-${uid}`, [registeredEvent(uid, 'held-1234@example.com')], {
        expectedRevision: 'no_stream',
      });
      statements.length = 0;
      expect((await other.readStream(`user-${uid}`))[0]!.data).toMatchObject({
        email: 'held-1234@example.com',
      });
      expect(statements).toHaveLength(1);

      await store.forget({ subjects: [`user-${uid}`], deleteStreams: [] });
      // The other process read the key a moment ago; its next read of the stream has it no more.
      expect((await other.readStream(`user-${uid}`))[0]!.data).toMatchObject({
        email: null,
        displayName: null,
      });
    } finally {
      await other.close();
      await pool.end();
    }
  });

  it('overwrites clear-text fields written before sealing when their subject is forgotten, and only theirs', async () => {
    const uid = randomUUID();
    const other = randomUUID();
    // As events were stored before the log sealed personal fields: straight into the table.
    for (const [who, email] of [
      [uid, 'old-1234@example.com'],
      [other, 'keep-5678@example.com'],
    ] as const) {
      await client.query('select * from append_events($1, $2, $3, false)', [
        `user-${who}`,
        'any',
        JSON.stringify([{ id: randomUUID(), ...registeredEvent(who, email) }]),
      ]);
    }
    expect((await rawData(`user-${uid}`))[0]).toContain('old-1234');

    await store.forget({ subjects: [`user-${uid}`], deleteStreams: [] });

    expect((await rawData(`user-${uid}`))[0]).not.toContain('old-1234');
    expect((await store.readStream(`user-${uid}`))[0]!.data).toMatchObject({
      email: null,
      displayName: null,
    });
    expect((await store.readStream(`user-${other}`))[0]!.data).toMatchObject({
      email: 'keep-5678@example.com',
    });
  });
});

describe('PostgreSQL: appends racing an erasure', () => {
  let stores: EventStore[];
  let client: pg.Client;
  let drop: () => Promise<void>;
  let databaseUrl: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    databaseUrl = database.url;
    // Two stores on one database: two processes.
    stores = [await createPostgresEventStore(database.url), await createPostgresEventStore(database.url)];
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    for (const store of stores) await store.close();
    await drop();
  });

  /** Each outcome: the position an append landed at, or its error. */
  const outcomes = (appends: Array<Promise<{ position: Position }>>) =>
    Promise.all(
      appends.map((append) =>
        append.then(
          ({ position }) => position,
          (error: unknown) => error,
        ),
      ),
    );

  it('lands each append for a subject before its erasure begins, or refuses it: the head then covers every one that landed', async () => {
    const uid = randomUUID();
    const user = `user-${uid}`;
    const appends = Array.from({ length: 60 }, (_, i) =>
      stores[i % 2]!.append(`review-${randomUUID()}`, [voteEvent('r', uid)], {
        expectedRevision: 'no_stream',
        onBehalfOf: [user],
      }),
    );
    const begun = new Promise((resolve) => setTimeout(resolve, 5)).then(async () => {
      await stores[0]!.beginErasure([user]);
      return stores[1]!.headPosition();
    });
    const [head, results] = await Promise.all([begun, outcomes(appends)]);
    const landed = results.filter((r): r is Position => !(r instanceof Error));
    const refused = results.filter((r) => r instanceof SubjectErased);
    expect(landed.length + refused.length).toBe(60);
    for (const position of landed) expect(comparePositions(position, head)).toBeLessThanOrEqual(0);
    console.warn(
      `60 appends racing the beginning of an erasure: ${landed.length} landed before it, ${refused.length} refused`,
    );
  });

  it('never leaves a key for a subject its first use raced the forgetting of', async () => {
    const reviews = Array.from({ length: 30 }, () => randomUUID());
    const subjects = reviews.map((id) => `review-${id}`);
    const appends = reviews.map((id, i) =>
      stores[i % 2]!.append(`review-${id}`, [reviewPostedEvent(id, 'author', 'Racing the erasure')], {
        expectedRevision: 'no_stream',
      }),
    );
    const [results] = await Promise.all([
      outcomes(appends),
      stores[1]!.forget({ subjects, deleteStreams: [] }),
    ]);
    expect(results.filter((r) => r instanceof Error && !(r instanceof SubjectErased))).toEqual([]);
    const { rows } = await client.query('select subject from personal_data_keys where subject = any($1)', [
      subjects,
    ]);
    expect(rows).toEqual([]);
    // Read by a process that never held the keys (the writers trust theirs for a minute).
    const reader = await createPostgresEventStore(databaseUrl);
    try {
      for (const id of reviews) {
        const [event] = await reader.readStream(`review-${id}`);
        if (event) expect(event.data).toMatchObject({ comment: 'This review was removed.' });
      }
    } finally {
      await reader.close();
    }
  });
});
