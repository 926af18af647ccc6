import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@labelwise/domain';
import {
  START,
  SubjectErased,
  WrongExpectedVersion,
  comparePositions,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../src/port';
import { registeredEvent, reviewPostedEvent, sampleMetadata, uniqueStream, voteEvent } from './sample-events';

/**
 * The behaviour every EventStore adapter must have. Streams are unique per test and global
 * reads are taken relative to the head, so it also runs against a shared server.
 */
export function runEventStoreContract(
  name: string,
  makeStore: () => Promise<{ store: EventStore; cleanup?: () => Promise<void> }>,
  /** Whether `appendMany` is all or nothing (PostgreSQL) or stream by stream (EventStoreDB). */
  options: { atomicAppendMany: boolean },
) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ store, cleanup } = await makeStore());
    });
    afterAll(async () => {
      await store?.close();
      await cleanup?.();
    });

    it('appends to a new stream and reads it back with revisions, ids, data and metadata', async () => {
      const stream = uniqueStream();
      const id = randomUUID();
      const result = await store.append(
        stream,
        [voteEvent('r1', 'a', { id }), voteEvent('r1', 'b', { helpful: false })],
        {
          expectedRevision: 'no_stream',
        },
      );
      expect(result.nextRevision).toBe(1n);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.revision, e.type, e.data])).toEqual([
        [0n, 'ReviewVoted', { reviewId: 'r1', voterUid: 'a', helpful: true }],
        [1n, 'ReviewVoted', { reviewId: 'r1', voterUid: 'b', helpful: false }],
      ]);
      expect(events[0]!.id).toBe(id);
      expect(events[1]!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(events.every((e) => e.stream === stream && e.recordedAt instanceof Date)).toBe(true);
      expect(events[1]!.metadata).toEqual(sampleMetadata);
      expect(events[1]!.position).toEqual(result.position);
      expect(comparePositions(events[0]!.position, events[1]!.position)).toBe(-1);
    });

    it('reads an absent stream as empty', async () => {
      expect(await store.readStream(uniqueStream())).toEqual([]);
    });

    it('checks the expected revision', async () => {
      const stream = uniqueStream();
      await expect(store.append(stream, [voteEvent('r')], { expectedRevision: 0n })).rejects.toMatchObject({
        name: 'WrongExpectedVersion',
        actual: 'no_stream',
      });
      await expect(
        store.append(stream, [voteEvent('r')], { expectedRevision: 'stream_exists' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersion);
      await store.append(stream, [voteEvent('r')], { expectedRevision: 'no_stream' });
      const conflict = await store
        .append(stream, [voteEvent('r')], { expectedRevision: 'no_stream' })
        .catch((e: unknown) => e);
      expect(conflict).toBeInstanceOf(WrongExpectedVersion);
      expect(conflict).toMatchObject({ stream, expected: 'no_stream', actual: 0n });
      expect((await store.append(stream, [voteEvent('r')], { expectedRevision: 0n })).nextRevision).toBe(1n);
      await expect(store.append(stream, [voteEvent('r')], { expectedRevision: 0n })).rejects.toMatchObject({
        actual: 1n,
      });
      expect(
        (await store.append(stream, [voteEvent('r')], { expectedRevision: 'stream_exists' })).nextRevision,
      ).toBe(2n);
      expect((await store.append(stream, [voteEvent('r')], { expectedRevision: 'any' })).nextRevision).toBe(
        3n,
      );
      expect(
        (await store.append(uniqueStream(), [voteEvent('r')], { expectedRevision: 'any' })).nextRevision,
      ).toBe(0n);
      expect(await store.readStream(stream)).toHaveLength(4);
    });

    it('lets exactly one of many concurrent appends with the same expected revision win', async () => {
      const stream = uniqueStream();
      await store.append(stream, [voteEvent('r')], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          store.append(stream, [voteEvent('r', `w${i}`)], { expectedRevision: 0n }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedVersion);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('treats re-appending the same event ids as a no-op returning the first result', async () => {
      const stream = uniqueStream();
      const batch = [voteEvent('r', 'a', { id: randomUUID() }), voteEvent('r', 'b', { id: randomUUID() })];
      const first = await store.append(stream, batch, { expectedRevision: 'no_stream' });
      const retried = await store.append(stream, batch, { expectedRevision: 'no_stream' });
      expect(retried).toEqual(first);
      const next = voteEvent('r', 'c', { id: randomUUID() });
      const third = await store.append(stream, [next], { expectedRevision: 1n });
      expect(await store.append(stream, [next], { expectedRevision: 1n })).toEqual(third);
      expect(await store.append(stream, [next], { expectedRevision: 'any' })).toEqual(third);
      expect((await store.readStream(stream)).map((e) => e.data)).toHaveLength(3);
    });

    it('appends many streams in one call, in batch order, with revisions and positions', async () => {
      const head = await store.headPosition();
      const [existing, fresh, other] = [uniqueStream(), uniqueStream(), uniqueStream()];
      await store.append(existing, [voteEvent('r', 'a')], { expectedRevision: 'no_stream' });
      const results = await store.appendMany([
        { stream: fresh, events: [voteEvent('r', 'b'), voteEvent('r', 'c')], expectedRevision: 'no_stream' },
        { stream: existing, events: [voteEvent('r', 'd')], expectedRevision: 0n },
        { stream: other, events: [voteEvent('r', 'e')], expectedRevision: 'any' },
      ]);
      expect(results.map((r) => r.nextRevision)).toEqual([1n, 1n, 0n]);
      const all = await store.readAll(head, 100);
      expect(all.map((e) => [e.stream, e.revision])).toEqual([
        [existing, 0n],
        [fresh, 0n],
        [fresh, 1n],
        [existing, 1n],
        [other, 0n],
      ]);
      expect(all[2]!.position).toEqual(results[0]!.position);
      expect(all[3]!.position).toEqual(results[1]!.position);
      expect(all[4]!.position).toEqual(results[2]!.position);
      expect((await store.readStream(existing)).map((e) => e.revision)).toEqual([0n, 1n]);
      expect(await store.appendMany([])).toEqual([]);
    });

    it('delivers a bulk append to a live subscription', async () => {
      const head = await store.headPosition();
      const subscription = store.subscribe(head);
      const [s1, s2] = [uniqueStream(), uniqueStream()];
      const received: RecordedEvent[] = [];
      const done = (async () => {
        for await (const event of subscription) {
          received.push(event);
          if (received.length === 3) break;
        }
      })();
      await store.appendMany([
        { stream: s1, events: [voteEvent('r', 'a'), voteEvent('r', 'b')], expectedRevision: 'no_stream' },
        { stream: s2, events: [voteEvent('r', 'c')], expectedRevision: 'no_stream' },
      ]);
      await done;
      await subscription.close();
      expect(received.map((e) => [e.stream, e.revision])).toEqual([
        [s1, 0n],
        [s1, 1n],
        [s2, 0n],
      ]);
    });

    it('rejects a bulk append whose entry has the wrong expected revision', async () => {
      const [before, taken, after] = [uniqueStream(), uniqueStream(), uniqueStream()];
      await store.append(taken, [voteEvent('r')], { expectedRevision: 'no_stream' });
      const conflict = await store
        .appendMany([
          { stream: before, events: [voteEvent('r')], expectedRevision: 'no_stream' },
          { stream: taken, events: [voteEvent('r')], expectedRevision: 'no_stream' },
          { stream: after, events: [voteEvent('r')], expectedRevision: 'no_stream' },
        ])
        .catch((e: unknown) => e);
      expect(conflict).toBeInstanceOf(WrongExpectedVersion);
      expect(conflict).toMatchObject({ stream: taken, expected: 'no_stream', actual: 0n });
      expect(await store.readStream(taken)).toHaveLength(1);
      expect(await store.readStream(after)).toEqual([]);
      // All or nothing where the store has multi-stream transactions; else the entries before it stay.
      expect(await store.readStream(before)).toHaveLength(options.atomicAppendMany ? 0 : 1);
    });

    it('skips entries whose event ids are already in their stream when a batch is re-appended', async () => {
      const [s1, s2] = [uniqueStream(), uniqueStream()];
      const batch = [
        {
          stream: s1,
          events: [voteEvent('r', 'a', { id: randomUUID() })],
          expectedRevision: 'no_stream' as const,
        },
        {
          stream: s2,
          events: [voteEvent('r', 'b', { id: randomUUID() }), voteEvent('r', 'c', { id: randomUUID() })],
          expectedRevision: 'no_stream' as const,
        },
      ];
      const head = await store.headPosition();
      const first = await store.appendMany(batch);
      expect(await store.appendMany(batch)).toEqual(first);
      // A retry after a partial append (first entry in, second not) finishes the batch.
      const s3 = uniqueStream();
      const third = {
        stream: s3,
        events: [voteEvent('r', 'd', { id: randomUUID() })],
        expectedRevision: 'no_stream' as const,
      };
      await store.appendMany([batch[0]!, third]);
      expect(await store.countEventsAfter(head, 100)).toBe(4);
      expect((await store.readStream(s2)).map((e) => e.revision)).toEqual([0n, 1n]);
      // A batch mixing a re-appended entry with appends to existing streams moves only those on.
      const more = { stream: s2, events: [voteEvent('r', 'e'), voteEvent('r', 'f')], expectedRevision: 1n };
      const [skipped, moved] = await store.appendMany([batch[0]!, more]);
      expect(skipped).toEqual(first[0]);
      expect(moved!.nextRevision).toBe(3n);
      await store.append(s1, [voteEvent('r', 'g')], { expectedRevision: 0n });
      expect((await store.readStream(s2)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
    });

    it('refuses a batch naming one stream twice or an entry without events, writing nothing', async () => {
      const stream = uniqueStream();
      await expect(
        store.appendMany([
          { stream, events: [voteEvent('r')], expectedRevision: 'any' },
          { stream, events: [voteEvent('r')], expectedRevision: 'any' },
        ]),
      ).rejects.toThrow(/twice/);
      await expect(store.appendMany([{ stream, events: [], expectedRevision: 'any' }])).rejects.toThrow(
        /no events/,
      );
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('reads a stream from a revision, backwards, and a limited number', async () => {
      const stream = uniqueStream();
      await store.append(
        stream,
        ['a', 'b', 'c', 'd'].map((v) => voteEvent('r', v)),
        { expectedRevision: 'no_stream' },
      );
      const voters = (events: RecordedEvent[]) =>
        events.map((e) => (e.type === 'ReviewVoted' ? e.data.voterUid : ''));
      expect(voters(await store.readStream(stream, { from: 2n }))).toEqual(['c', 'd']);
      expect(voters(await store.readStream(stream, { maxCount: 2 }))).toEqual(['a', 'b']);
      expect(voters(await store.readStream(stream, { direction: 'backwards' }))).toEqual([
        'd',
        'c',
        'b',
        'a',
      ]);
      expect(voters(await store.readStream(stream, { direction: 'backwards', from: 1n }))).toEqual([
        'b',
        'a',
      ]);
      expect(voters(await store.readStream(stream, { direction: 'backwards', maxCount: 1 }))).toEqual(['d']);
    });

    it('reads all streams in one global order after a position', async () => {
      const head = await store.headPosition();
      const [s1, s2] = [uniqueStream(), uniqueStream()];
      await store.append(s1, [voteEvent('r', 'a'), voteEvent('r', 'b')], { expectedRevision: 'no_stream' });
      await store.append(s2, [voteEvent('r', 'c')], { expectedRevision: 'no_stream' });
      const last = await store.append(s1, [voteEvent('r', 'd')], { expectedRevision: 1n });
      const all = await store.readAll(head, 100);
      expect(all.map((e) => [e.stream, e.revision])).toEqual([
        [s1, 0n],
        [s1, 1n],
        [s2, 0n],
        [s1, 2n],
      ]);
      for (let i = 1; i < all.length; i++)
        expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
      expect(await store.readAll(head, 2)).toEqual(all.slice(0, 2));
      expect(await store.readAll(all[1]!.position, 100)).toEqual(all.slice(2));
      expect(await store.readAll(last.position, 100)).toEqual([]);
      expect(await store.headPosition()).toEqual(last.position);
      expect(await store.countEventsAfter(head, 100)).toBe(4);
      expect(await store.countEventsAfter(head, 3)).toBe(3);
      expect((await store.readAll(START, 1)).length).toBe(1);
    });

    it('delivers events to a live subscription in order, including ones appended later', async () => {
      const head = await store.headPosition();
      const stream = uniqueStream();
      await store.append(stream, [voteEvent('r', 'before')], { expectedRevision: 'no_stream' });
      const subscription = store.subscribe(head);
      const received: RecordedEvent[] = [];
      const done = (async () => {
        for await (const event of subscription) {
          received.push(event);
          if (received.length === 3) break;
        }
      })();
      await new Promise((r) => setTimeout(r, 100));
      await store.append(stream, [voteEvent('r', 'after-1'), voteEvent('r', 'after-2')], {
        expectedRevision: 0n,
      });
      await done;
      await subscription.close();
      expect(received.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      expect(received.every((e) => e.stream === stream)).toBe(true);
    });

    it('wakes a waiter when an event is appended and times out otherwise', async () => {
      const head = await store.headPosition();
      const started = Date.now();
      expect(await store.waitForEvents(head, 150)).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      const waiting = store.waitForEvents(head, 10_000);
      setTimeout(() => void store.append(uniqueStream(), [voteEvent('r')], { expectedRevision: 'any' }), 50);
      const woke = Date.now();
      expect(await waiting).toBe(true);
      expect(Date.now() - woke).toBeLessThan(2000);
    });

    it('validates payloads and metadata on write', async () => {
      const stream = uniqueStream();
      const bad = { type: 'ReviewVoted', data: { reviewId: 'r' }, metadata: sampleMetadata } as never;
      await expect(store.append(stream, [bad], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
        DomainError,
      );
      const unknown = { type: 'NoSuchEvent', data: {}, metadata: sampleMetadata } as never;
      await expect(store.append(stream, [unknown], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
        DomainError,
      );
      const badMeta = { ...voteEvent('r'), metadata: { actor: null } } as never;
      await expect(store.append(stream, [badMeta], { expectedRevision: 'any' })).rejects.toThrow();
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('refuses text it could not store (a NUL, half a surrogate pair) in any field, sealed ones too', async () => {
      const uid = randomUUID();
      const refusal = (event: NewEvent) => store.append(`user-${uid}`, [event], { expectedRevision: 'any' });
      const nulName = registeredEvent(uid, 'nul@example.com', 'Eve\u0000');
      await expect(refusal(nulName)).rejects.toMatchObject({
        code: 'INVALID_CHARACTERS',
        message: expect.stringContaining('UserRegistered displayName: contains a NUL character'),
      });
      const reviewId = randomUUID();
      await expect(
        store.append(`review-${reviewId}`, [reviewPostedEvent(reviewId, uid, 'half \ud83c of a cookie')], {
          expectedRevision: 'any',
        }),
      ).rejects.toMatchObject({ code: 'INVALID_CHARACTERS', message: expect.stringContaining('comment') });
      const vote = { ...voteEvent('r'), data: { reviewId: 'r\u0000', voterUid: 'v', helpful: true } };
      await expect(refusal(vote as NewEvent)).rejects.toMatchObject({ code: 'INVALID_CHARACTERS' });
      expect(await store.readStream(`user-${uid}`)).toEqual([]);
      expect(await store.readStream(`review-${reviewId}`)).toEqual([]);
    });

    it('seals personal fields and forgets them, in every read, once their subject is forgotten', async () => {
      const uid = randomUUID();
      const reviewId = randomUUID();
      const user = `user-${uid}`;
      const kept = `review-${reviewId}`;
      await store.append(user, [registeredEvent(uid, 'someone@example.com')], { expectedRevision: 'any' });
      await store.append(kept, [reviewPostedEvent(reviewId, uid, 'Lovely crunch')], {
        expectedRevision: 'any',
      });
      expect((await store.readStream(user))[0]!.data).toMatchObject({ email: 'someone@example.com' });
      await store.forget({ subjects: [user], deleteStreams: [] });
      await store.forget({ subjects: [user], deleteStreams: [] }); // a retry changes nothing

      expect((await store.readStream(user))[0]!.data).toEqual({
        ...registeredEvent(uid, null).data,
        displayName: null,
      });
      // The review's text has its own key: the author's name goes, the text they left stays.
      expect((await store.readStream(kept))[0]!.data).toMatchObject({
        username: 'Anonymous User',
        comment: 'Lovely crunch',
      });
      // A replay from before the erasure reads the same forgotten values.
      const replay = await store.readAll({ commit: 0n, prepare: 0n }, 100_000);
      expect(replay.filter((e) => e.stream === user).map((e) => e.data)).toEqual([
        { ...registeredEvent(uid, null).data, displayName: null },
      ]);
      // An erased subject never gets a key again: a late write holding their data is refused.
      await expect(
        store.append(user, [registeredEvent(uid, 'late@example.com')], { expectedRevision: 'any' }),
      ).rejects.toBeInstanceOf(SubjectErased);
      expect(await store.readStream(user)).toHaveLength(1);

      await store.forget({ subjects: [kept], deleteStreams: [] });
      expect((await store.readStream(kept))[0]!.data).toMatchObject({
        title: null,
        comment: 'This review was removed.',
      });
    });

    it('refuses appends for a subject once its erasure began, and reads its data until it is forgotten', async () => {
      const uid = randomUUID();
      const user = `user-${uid}`;
      const stream = uniqueStream();
      const forUser = { expectedRevision: 'any', onBehalfOf: [user] } as const;
      await store.append(user, [registeredEvent(uid, 'begun@example.com')], { expectedRevision: 'any' });
      await store.append(stream, [voteEvent('r', uid)], forUser);

      await store.beginErasure([user]);
      await store.beginErasure([user]); // a retry changes nothing
      await expect(store.append(stream, [voteEvent('r', uid)], forUser)).rejects.toBeInstanceOf(
        SubjectErased,
      );
      const review = randomUUID();
      await expect(
        store.append(`review-${review}`, [reviewPostedEvent(review, uid, 'Late')], {
          expectedRevision: 'any',
        }),
      ).rejects.toBeInstanceOf(SubjectErased);
      // Appends for nobody, and for others, go on.
      await store.append(stream, [voteEvent('r', 'someone-else')], { expectedRevision: 'any' });
      expect((await store.readStream(stream)).map((e) => e.data)).toEqual([
        voteEvent('r', uid).data,
        voteEvent('r', 'someone-else').data,
      ]);
      expect(await store.readStream(`review-${review}`)).toEqual([]);
      expect((await store.readStream(user))[0]!.data).toMatchObject({ email: 'begun@example.com' });

      await store.forget({ subjects: [user], deleteStreams: [] });
      expect((await store.readStream(user))[0]!.data).toMatchObject({ email: null });
    });

    it('deletes the streams an erasure names', async () => {
      const stream = `username-${randomUUID()}`;
      await store.append(
        stream,
        [{ type: 'UsernameClaimed', data: { username: 'x', uid: 'u' }, metadata: sampleMetadata }],
        {
          expectedRevision: 'no_stream',
        },
      );
      await store.forget({ subjects: [], deleteStreams: [stream] });
      expect(await store.readStream(stream)).toEqual([]);
    });
  });
}
