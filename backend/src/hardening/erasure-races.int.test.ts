import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, comparePositions, type RecordedEvent } from '@labelwise/event-store';
import { projections, rebuildAll } from '@labelwise/projections';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { requestApi, serveWithWorker, testEnv, type TestServer } from '../../testing/test-server';
import { caughtUp, createdProduct, postReview, registeredUser } from '../../testing/catalogue-fixtures';
import type { TestUser } from '../../testing/emulator-users';

/**
 * Issue 47.2: an account deleted while its owner keeps writing. Eight requests at a time post
 * and revise reviews and change the username while the same user deletes the account, for five
 * users, through two API processes on one database (as `API_PROCESSES=2` runs). The process that
 * did not delete trusts the session for up to `AUTH_SESSION_CHECK_SECONDS` after the identity
 * provider's account is gone, so late requests reach the commands: the store must refuse them.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apis: TestServer[] = [];
/** The process that answers the deletions (and the checks). */
let server: TestServer;

const USERS = 5;
const THREADS = 8;
const PRODUCTS = 24;
/** Writes each thread sends before the deletion starts, and at most after it answered. */
const WRITES_BEFORE = 2;
const WRITES_AFTER = 3;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = testEnv({ DATABASE_URL: database.url, RATE_LIMIT_WRITES_PER_USER: '0' });
  for (let i = 0; i < 2; i++)
    apis.push(await serveWithWorker(env, (baseUrl) => (path, request) => requestApi(baseUrl, path, request)));
  server = apis[0]!;
});
afterAll(async () => {
  for (const api of apis) await api.stop();
  await database?.drop();
});

interface Racer {
  user: TestUser;
  tag: string;
  deletion: number;
  statuses: number[];
}

/** One user's race: `THREADS` writers, the deletion once each has written `WRITES_BEFORE` times. */
async function race(productIds: number[]): Promise<Racer> {
  const tag = randomUUID().replaceAll('-', '').slice(0, 8);
  const user = await registeredUser(server, { username: `u${tag}` });
  const statuses: number[] = [];
  let started = 0;
  let startDeletion!: () => void;
  const deletionStarts = new Promise<void>((resolve) => (startDeletion = resolve));
  let deletionAnswered = false;

  const write = (thread: number, n: number) =>
    n % 4 === 3
      ? apis[thread % 2]!.api('/api/user/username', {
          method: 'PATCH',
          token: user.idToken,
          body: { username: `n${tag}${thread}${n}` },
        })
      : postReview(apis[thread % 2]!, user, {
          productId: productIds[(thread * 3 + n) % productIds.length]!,
          rating: 1 + (n % 5),
          comment: `secret-${tag} from ${thread}.${n}`,
        });

  const writer = async (thread: number) => {
    for (let n = 0, after = 0; after < WRITES_AFTER; n++) {
      if (deletionAnswered) after++;
      statuses.push((await write(thread, n)).status);
      if (n + 1 === WRITES_BEFORE && ++started === THREADS) startDeletion();
    }
  };
  const deleting = deletionStarts.then(async () => {
    const res = await server.api('/api/user', {
      method: 'DELETE',
      token: user.idToken,
      body: { confirm: 'DELETE' },
    });
    deletionAnswered = true;
    return res.status;
  });
  const [deletion] = await Promise.all([deleting, ...Array.from({ length: THREADS }, (_, i) => writer(i))]);
  return { user, tag, deletion, statuses };
}

const unique = (items: string[]) => [...new Set(items)];

/** Every table of the database as text, stream ids and key subjects included. */
async function dump(): Promise<string> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(
    server.ctx.db,
  );
  const texts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(
      server.ctx.db,
    );
    texts.push(...rows.map((r) => `${name}: ${r.row}`));
  }
  return texts.join('\n');
}

/** The reviews the product pages show, by author. */
async function publicReviewsBy(productIds: number[], racers: Racer[]): Promise<string[]> {
  const shown: string[] = [];
  for (const productId of productIds) {
    const { body } = await server.api(`/api/reviews/product/${productId}`);
    for (const review of body as Array<{ comment: string }>)
      if (racers.some(({ tag }) => review.comment.includes(tag))) shown.push(review.comment);
  }
  return shown;
}

/** What of the racers' own writes landed after their erasure began (their `UserErased`). */
function landedAfterErasure(events: readonly RecordedEvent[], racers: Racer[]): string[] {
  const late: string[] = [];
  for (const { user } of racers) {
    const erased = events.find((e) => e.type === 'UserErased' && e.data.uid === user.uid);
    expect(erased, `UserErased of ${user.uid}`).toBeDefined();
    const authorErased = new Set(events.filter((e) => e.type === 'ReviewAuthorErased').map((e) => e.stream));
    for (const event of events) {
      const theirs =
        event.metadata.actor === user.uid &&
        !['UserErased', 'ReviewAuthorErased'].includes(event.type) &&
        comparePositions(event.position, erased!.position) > 0;
      if (theirs) late.push(`${event.type} on ${event.stream}`);
      if (
        event.type === 'ReviewPosted' &&
        event.data.authorUid === user.uid &&
        !authorErased.has(event.stream)
      )
        late.push(`${event.stream} never erased`);
    }
  }
  return late;
}

describe('an account deleted while its owner writes (5 users × 8 concurrent writers)', () => {
  it('lets no write land after the erasure began, erases all that landed before, also after a rebuild', async () => {
    const owner = await registeredUser(server);
    const productIds: number[] = [];
    for (let i = 0; i < PRODUCTS; i++)
      productIds.push(
        await createdProduct(server, owner, { name: `Race product ${i}`, ingredients: 'oats' }),
      );

    const racers = await Promise.all(Array.from({ length: USERS }, () => race(productIds)));
    const statuses = racers.flatMap((r) => r.statuses);
    const counted = statuses.reduce<Record<number, number>>((a, s) => ({ ...a, [s]: (a[s] ?? 0) + 1 }), {});
    console.warn(`${statuses.length} writes racing ${USERS} deletions: ${JSON.stringify(counted)}`);
    expect(racers.map((r) => r.deletion)).toEqual(racers.map(() => 200));
    expect(
      statuses.every((s) => [200, 201, 401, 404, 409].includes(s)),
      JSON.stringify(counted),
    ).toBe(true);

    await caughtUp(server, projections.map((p) => p.name) as never);
    const leaks = async () => {
      const text = await dump();
      const { rows: keys } = await sql<{ subject: string }>`
        select k.subject from personal_data_keys k join erased_subjects e using (subject)`.execute(
        server.ctx.db,
      );
      return {
        publicReviews: await publicReviewsBy(productIds, racers),
        racersNamedInTheDatabase: racers.filter(({ tag }) => text.includes(tag)).map(({ tag }) => tag),
        streamsNamingThem: unique(
          racers.flatMap(({ tag }) => text.match(new RegExp(`username-\\w*${tag}\\w*`, 'g')) ?? []),
        ).length,
        keysOfErasedSubjects: keys.map((row) => row.subject),
      };
    };
    const none = {
      publicReviews: [],
      racersNamedInTheDatabase: [],
      streamsNamingThem: 0,
      keysOfErasedSubjects: [],
    };
    expect.soft(await leaks(), 'live').toEqual(none);
    const events = await server.ctx.store.readAll(START, 1_000_000);
    expect.soft(landedAfterErasure(events, racers)).toEqual([]);

    await rebuildAll({ db: server.ctx.db, store: server.ctx.store, projections });
    expect(await leaks(), 'after rebuild --all').toEqual(none);
  });
});
