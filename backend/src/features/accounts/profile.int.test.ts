import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams, USERNAME_TAKEN_MESSAGE, usernameMessages } from '@labelwise/domain';
import {
  caughtUp,
  countEvents,
  createdProduct,
  moderate,
  postedReview,
} from '../../../testing/catalogue-fixtures';
import { createUser, type TestUser } from '../../../testing/emulator-users';
import { startTestServer, testEnv, type TestServer } from '../../../testing/test-server';
import { appendToUser, premiumUntil, profileSettled } from '../../../testing/account-fixtures';

let server: TestServer;
const now = new Date('2026-06-15T12:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.stop();
});

const profile = (token: string) => server.api('/api/user/profile', { token });
const setUsername = (token: string, body: unknown) =>
  server.api('/api/user/username', { method: 'PATCH', token, body });

/** A user who has made one request, so registration is behind them (and in user_profiles). */
async function registeredUser(): Promise<TestUser> {
  const user = await createUser({ verified: true });
  expect((await profile(user.idToken)).status).toBe(200);
  await profileSettled(server.ctx, user.uid);
  return user;
}

describe('registration', () => {
  it('records UserRegistered once, even when the first requests arrive together', async () => {
    const user = await createUser({ verified: true });
    const results = await Promise.all(Array.from({ length: 8 }, () => profile(user.idToken)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    await profile(user.idToken);
    const stream = await server.ctx.store.readStream(streams.user(user.uid));
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(stream[0]!.data).toEqual({
      uid: user.uid,
      email: user.email,
      emailVerified: true,
      displayName: null,
      provider: 'password',
    });
  });
});

describe('GET /api/user/profile', () => {
  it('answers username (null until set), email, isPremium and scansThisMonth', async () => {
    const user = await createUser();
    const res = await profile(user.idToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: null, email: user.email, isPremium: false, scansThisMonth: 0 });
  });

  it('needs a valid bearer token', async () => {
    expect((await server.api('/api/user/profile')).status).toBe(401);
    expect((await profile('not-a-token')).status).toBe(401);
  });

  it('is premium until the period end, through a cancellation, and not after expiry (server clock)', async () => {
    const user = await registeredUser();
    await appendToUser(server.ctx, user.uid, [premiumUntil(user.uid, new Date('2026-07-01T00:00:00.000Z'))]);
    expect((await profile(user.idToken)).body.isPremium).toBe(true);
    await appendToUser(server.ctx, user.uid, [
      {
        type: 'SubscriptionCancelled',
        data: { uid: user.uid, subscriptionId: `sub_${user.uid}`, effectiveAt: '2026-06-15T12:00:00.001Z' },
      },
    ]);
    expect((await profile(user.idToken)).body.isPremium).toBe(true);
    await appendToUser(server.ctx, user.uid, [
      {
        type: 'SubscriptionCancelled',
        data: { uid: user.uid, subscriptionId: `sub_${user.uid}`, effectiveAt: '2026-06-15T12:00:00.000Z' },
      },
    ]);
    expect((await profile(user.idToken)).body.isPremium).toBe(false);

    const lapsed = await registeredUser();
    await appendToUser(server.ctx, lapsed.uid, [
      premiumUntil(lapsed.uid, new Date('2026-06-01T00:00:00.000Z')),
    ]);
    expect((await profile(lapsed.idToken)).body.isPremium).toBe(false);
  });

  it('records suspension in user_profiles for the reviews feature', async () => {
    const user = await registeredUser();
    const suspended = async () =>
      (
        await server.ctx.db
          .selectFrom('user_profiles')
          .select('suspended')
          .where('uid', '=', user.uid)
          .executeTakeFirstOrThrow()
      ).suspended;
    expect(await suspended()).toBe(false);
    await appendToUser(server.ctx, user.uid, [
      { type: 'UserSuspended', data: { uid: user.uid, reason: 'spam' } },
    ]);
    expect(await suspended()).toBe(true);
    await appendToUser(server.ctx, user.uid, [{ type: 'UserReinstated', data: { uid: user.uid } }]);
    expect(await suspended()).toBe(false);
  });
});

describe('GET /api/user/activity', () => {
  it("counts the user's visible reviews, and as favourites those of 4 or 5 stars", async () => {
    const [user, other, admin] = await Promise.all([
      registeredUser(),
      registeredUser(),
      createUser({ admin: true, verified: true }),
    ]);
    const activity = async (token: string) => {
      await caughtUp(server, ['product_ratings', 'reviews']);
      return (await server.api('/api/user/activity', { token })).body;
    };
    expect(await activity(user.idToken)).toEqual({ reviews: 0, favorites: 0 });

    const product = (name: string) => createdProduct(server, other, { name, ingredients: 'Oats' });
    const [oats, bran, muesli] = await Promise.all([product('Oats'), product('Bran'), product('Muesli')]);
    await postedReview(server, user, { productId: oats, rating: 5, comment: 'Great.' });
    await postedReview(server, user, { productId: bran, rating: 3, comment: 'Fine.' });
    const hidden = await postedReview(server, user, { productId: muesli, rating: 4, comment: 'Good.' });
    await postedReview(server, other, { productId: oats, rating: 4, comment: 'Not yours.' });
    expect(await activity(user.idToken)).toEqual({ reviews: 3, favorites: 2 });

    await moderate(server, admin, `/reviews/${hidden}`, { hidden: true, reason: 'Spam' }, 'PUT');
    expect(await activity(user.idToken)).toEqual({ reviews: 2, favorites: 1 });
    await postedReview(server, user, { productId: oats, rating: 2, comment: 'Changed my mind.' });
    expect(await activity(user.idToken)).toEqual({ reviews: 2, favorites: 0 });
  });

  it('needs a valid bearer token', async () => {
    expect((await server.api('/api/user/activity')).status).toBe(401);
  });
});

describe('PATCH /api/user/username', () => {
  it('sets the username and answers the updated profile, which the next GET shows', async () => {
    const user = await registeredUser();
    const res = await setUsername(user.idToken, { username: '  Green_Eater1 ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      username: 'Green_Eater1',
      email: user.email,
      isPremium: false,
      scansThisMonth: 0,
    });
    expect((await profile(user.idToken)).body.username).toBe('Green_Eater1');
  });

  it.each([
    ['ab', usernameMessages.tooShort],
    ['x'.repeat(21), usernameMessages.tooLong],
    ['no spaces', usernameMessages.badCharacters],
    ['semi;colon', usernameMessages.badCharacters],
  ])('refuses %j with 400 and the spec message, appending nothing', async (username, message) => {
    const user = await registeredUser();
    const before = await countEvents(server);
    const res = await setUsername(user.idToken, { username });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'INVALID_USERNAME', message });
    expect(await countEvents(server)).toBe(before);
  });

  it('accepts exactly 3 and exactly 20 characters', async () => {
    const user = await registeredUser();
    const three = `a${user.uid.slice(0, 2)}`.replace(/[^A-Za-z0-9_]/g, '_');
    expect((await setUsername(user.idToken, { username: three })).status).toBe(200);
    const twenty = `u_${user.uid}`
      .replace(/[^A-Za-z0-9_]/g, '_')
      .padEnd(20, '0')
      .slice(0, 20);
    expect((await setUsername(user.idToken, { username: twenty })).body.username).toBe(twenty);
  });

  it('rejects unknown fields and a missing username with 400', async () => {
    const user = await registeredUser();
    const before = await countEvents(server);
    expect((await setUsername(user.idToken, { username: 'valid_name', admin: true })).status).toBe(400);
    expect((await setUsername(user.idToken, {})).status).toBe(400);
    expect(await countEvents(server)).toBe(before);
  });

  it('keeps usernames unique regardless of case (409 USERNAME_TAKEN, nothing appended)', async () => {
    const [owner, other] = await Promise.all([registeredUser(), registeredUser()]);
    expect((await setUsername(owner.idToken, { username: 'CaseKing' })).status).toBe(200);
    const before = await countEvents(server);
    const res = await setUsername(other.idToken, { username: 'caseking' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'USERNAME_TAKEN', message: USERNAME_TAKEN_MESSAGE });
    expect(await countEvents(server)).toBe(before);
    expect((await profile(other.idToken)).body.username).toBeNull();
  });

  it('gives a contested name to exactly one of two people claiming it at once', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const results = await Promise.all(
      [a, b].map((user) => setUsername(user.idToken, { username: 'RaceWinner' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect((await profile(winner.idToken)).body.username).toBe('RaceWinner');
    expect((await profile(loser.idToken)).body.username).toBeNull();
  });

  it('frees the old name when a user changes theirs; a change of case keeps it', async () => {
    const [first, second] = await Promise.all([registeredUser(), registeredUser()]);
    await setUsername(first.idToken, { username: 'OldName' });
    expect((await setUsername(first.idToken, { username: 'OLDNAME' })).body.username).toBe('OLDNAME');
    expect((await setUsername(second.idToken, { username: 'oldname' })).status).toBe(409);

    expect((await setUsername(first.idToken, { username: 'NewName' })).status).toBe(200);
    const taken = await setUsername(second.idToken, { username: 'oldname' });
    expect(taken.status).toBe(200);
    expect(taken.body.username).toBe('oldname');
    expect((await setUsername(second.idToken, { username: 'newname' })).status).toBe(409);
  });

  it('names claim streams by a keyed hash, never by the name, and still honours a claim made before', async () => {
    const [holder, other] = await Promise.all([registeredUser(), registeredUser()]);
    expect((await setUsername(other.idToken, { username: 'Keyed_Name' })).status).toBe(200);
    const { rows } = await sql<{ id: string }>`
      select stream_id as id from streams where stream_id ilike '%keyed_name%'`.execute(server.ctx.db);
    expect(rows).toEqual([]);

    // As a store the migration could not rename holds it (EventStoreDB): the claim under the name.
    await server.ctx.store.append(
      streams.username('legacy_name'),
      [
        {
          type: 'UsernameClaimed',
          data: { username: 'legacy_name', uid: holder.uid },
          metadata: { actor: holder.uid, correlationId: 'c', causationId: null, at: now.toISOString() },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect((await setUsername(other.idToken, { username: 'Legacy_Name' })).status).toBe(409);
    expect((await setUsername(holder.idToken, { username: 'legacy_name' })).status).toBe(200);
    expect((await setUsername(holder.idToken, { username: 'moved_on' })).status).toBe(200);
    expect((await setUsername(other.idToken, { username: 'Legacy_Name' })).status).toBe(200);
  });

  it('answers the same profile and records nothing when the name is unchanged', async () => {
    const user = await registeredUser();
    await setUsername(user.idToken, { username: 'SameAgain' });
    const before = await countEvents(server);
    expect((await setUsername(user.idToken, { username: 'SameAgain' })).body.username).toBe('SameAgain');
    expect(await countEvents(server)).toBe(before);
  });
});

describe('mock auth (ALLOW_MOCK_AUTH)', () => {
  it('answers 401 to the mock token when the flag is off', async () => {
    const res = await profile('mock-token');
    expect(res.status).toBe(401);
  });

  it('accepts the mock token as a verified user when the flag is on outside production', async () => {
    const mockServer = await startTestServer({ env: { ALLOW_MOCK_AUTH: 'true' } });
    try {
      const res = await mockServer.api('/api/user/profile', { token: 'mock-token' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        username: null,
        email: 'mock@labelwise.local',
        isPremium: false,
        scansThisMonth: 0,
      });
      expect((await mockServer.api('/api/user-stats', { token: 'mock-token' })).body.canScan).toBe(true);
    } finally {
      await mockServer.stop();
    }
  });

  it('never runs mock auth in production: the process refuses to start, naming the variable', () => {
    expect(() => testEnv({ ALLOW_MOCK_AUTH: 'true', NODE_ENV: 'production' })).toThrow(/ALLOW_MOCK_AUTH/);
  });
});
