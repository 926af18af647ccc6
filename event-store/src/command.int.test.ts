import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type Decider, type DomainEvent } from '@labelwise/domain';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { handleCommand, loadState } from './command';
import { createEventStore } from './create-event-store';
import { WrongExpectedVersion, type EventStore } from './port';
import { StreamStates } from './stream-states';
import { sampleMetadata, uniqueStream } from '../testing/sample-events';

/** A decider for the tests: at most `limit` votes per review stream. */
const votes: Decider<{ voter: string; limit: number }, number> = {
  initialState: 0,
  evolve: (count: number, event: DomainEvent) => (event.type === 'ReviewVoted' ? count + 1 : count),
  decide: ({ voter, limit }, count) => {
    if (count >= limit) throw new DomainError('conflict', 'VOTE_LIMIT', 'No more votes');
    return [{ type: 'ReviewVoted', data: { reviewId: 'r', voterUid: voter, helpful: true } }];
  },
};
const vote = (voter: string, limit: number) => ({ voter, limit });

describe('handleCommand', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createEventStore(
      { EVENT_STORE: 'postgres', EVENTSTORE_CONNECTION_STRING: undefined },
      database.url,
    );
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('loads, decides on the folded state and appends with the revision it read', async () => {
    const stream = uniqueStream();
    const first = await handleCommand({
      store,
      stream,
      decider: votes,
      command: vote('a', 5),
      metadata: sampleMetadata,
    });
    expect(first.state).toBe(1);
    expect(first.events).toHaveLength(1);
    const second = await handleCommand({
      store,
      stream,
      decider: votes,
      command: vote('b', 5),
      metadata: sampleMetadata,
    });
    expect(second.state).toBe(2);
    const stored = await store.readStream(stream);
    expect(stored.map((e) => e.revision)).toEqual([0n, 1n]);
    expect(stored[1]!.position).toEqual(second.position);
    expect(stored[1]!.metadata).toEqual(sampleMetadata);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const stream = uniqueStream();
    const result = await handleCommand({
      store,
      stream,
      decider: { ...votes, decide: () => [] },
      command: vote('a', 5),
      metadata: sampleMetadata,
    });
    expect(result).toEqual({ events: [], position: undefined, state: 0 });
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('keeps an invariant under concurrent commands by re-deciding on fresh state', async () => {
    const stream = uniqueStream();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        handleCommand({
          store,
          stream,
          decider: votes,
          command: vote(`v${i}`, 5),
          metadata: sampleMetadata,
          maxRetries: 20,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'VOTE_LIMIT' });
    }
    expect(await store.readStream(stream)).toHaveLength(5);
  });

  it('gives up with WrongExpectedVersion after maxRetries', async () => {
    const stream = uniqueStream();
    // The real store, with another writer always getting in between our read and our append.
    const contested: EventStore = Object.assign(Object.create(store) as EventStore, {
      async append(...args: Parameters<EventStore['append']>) {
        await store.append(
          stream,
          [{ ...votes.decide(vote('other', 99), 0)[0]!, metadata: sampleMetadata }],
          {
            expectedRevision: 'any',
          },
        );
        return store.append(...args);
      },
    });
    let attempts = 0;
    const error = await handleCommand({
      store: contested,
      stream,
      decider: {
        ...votes,
        decide: (command, count) => {
          attempts++;
          return votes.decide(command, count);
        },
      },
      command: vote('me', 99),
      metadata: sampleMetadata,
      maxRetries: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersion);
    expect(attempts).toBe(3);
    expect((await store.readStream(stream)).map((e) => e.type === 'ReviewVoted' && e.data.voterUid)).toEqual([
      'other',
      'other',
      'other',
    ]);
  });

  describe('with derived event ids (a retried request runs the command again)', () => {
    const ids = (prefix: string) => (_event: unknown, index: number) =>
      `${prefix}-0000-4000-8000-${String(index).padStart(12, '0')}`;
    const run = (stream: string, voter: string, eventId?: (event: unknown, index: number) => string) =>
      handleCommand({
        store,
        stream,
        decider: votes,
        command: vote(voter, 9),
        metadata: sampleMetadata,
        eventId,
      });

    it("appends nothing when its events are still the stream's last, and answers the stream's state", async () => {
      const stream = uniqueStream();
      const first = await run(stream, 'me', ids('11111111'));
      expect(first.events).toHaveLength(1);
      const again = await run(stream, 'me', ids('11111111'));
      expect(again).toEqual({ events: [], position: undefined, state: 1 });
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('decides again with fresh ids when the stream moved on after its events', async () => {
      const stream = uniqueStream();
      await run(stream, 'me', ids('22222222'));
      await run(stream, 'other');
      const again = await run(stream, 'me', ids('22222222'));
      expect(again.events).toHaveLength(1);
      expect(again.state).toBe(3);
      const stored = await store.readStream(stream);
      expect(stored.map((e) => e.id)).toEqual([
        '22222222-0000-4000-8000-000000000000',
        stored[1]!.id,
        expect.not.stringMatching(/^22222222-/),
      ]);
    });
  });

  describe('with the states this process folded before (StreamStates)', () => {
    /** The first event of `stream`, appended by someone this process does not hear of. */
    const voteByAnotherProcess = (stream: string, helpful: boolean) =>
      store.append(
        stream,
        [{ type: 'ReviewVoted', data: { reviewId: 'r', voterUid: 'x', helpful }, metadata: sampleMetadata }],
        { expectedRevision: 'no_stream' },
      );

    /** The real store, counting its stream reads and appends into `calls`. */
    const countingCalls = (calls: { reads: number; appends: number }): EventStore =>
      Object.assign(Object.create(store) as EventStore, {
        readStream(...args: Parameters<EventStore['readStream']>) {
          calls.reads++;
          return store.readStream(...args);
        },
        append(...args: Parameters<EventStore['append']>) {
          calls.appends++;
          return store.append(...args);
        },
      });

    /** The real store, noting from which revision each stream read starts. */
    const readsFrom = (reads: Array<bigint | undefined>): EventStore =>
      Object.assign(Object.create(store) as EventStore, {
        readStream(stream: string, options?: Parameters<EventStore['readStream']>[1]) {
          reads.push(options?.from);
          return store.readStream(stream, options);
        },
      });

    it('decides on a stream it folded before without reading it, and reads only newer events on a load', async () => {
      const stream = uniqueStream();
      const states = new StreamStates();
      const reads: Array<bigint | undefined> = [];
      const counting = readsFrom(reads);
      for (const voter of ['a', 'b', 'c'])
        await handleCommand({
          store: counting,
          states,
          stream,
          decider: votes,
          command: vote(voter, 9),
          metadata: sampleMetadata,
        });
      expect(reads).toEqual([0n]);
      expect(await store.readStream(stream)).toHaveLength(3);
      expect(await loadState(counting, votes, stream, states)).toBe(3);
      expect(reads).toEqual([0n, 3n]);
    });

    it('reads the stream and decides again when its folded state is behind, without counting it as a retry', async () => {
      const stream = uniqueStream();
      const states = new StreamStates();
      const reads: Array<bigint | undefined> = [];
      await loadState(store, votes, stream, states);
      await voteByAnotherProcess(stream, true);
      const result = await handleCommand({
        store: readsFrom(reads),
        states,
        stream,
        decider: votes,
        command: vote('a', 9),
        metadata: sampleMetadata,
        maxRetries: 0,
      });
      expect(result.state).toBe(2);
      expect(reads).toEqual([0n]);
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0n, 1n]);
    });

    it('reads first, without a refused append, a stream another process keeps writing too', async () => {
      const stream = uniqueStream();
      const calls = { reads: 0, appends: 0 };
      const counting = countingCalls(calls);
      const [mine, theirs] = [new StreamStates(), new StreamStates()];
      const command = (states: StreamStates, voter: string) =>
        handleCommand({
          store: counting,
          states,
          stream,
          decider: votes,
          command: vote(voter, 99),
          metadata: sampleMetadata,
        });
      for (let turn = 0; turn < 4; turn++) await command(turn % 2 ? theirs : mine, `warm${turn}`);
      Object.assign(calls, { reads: 0, appends: 0 });
      for (let turn = 0; turn < 4; turn++) await command(turn % 2 ? theirs : mine, `v${turn}`);
      expect(calls).toEqual({ reads: 4, appends: 4 });
      expect(await store.readStream(stream)).toHaveLength(8);
    });

    it("takes turns with this process's other commands on the stream: an append each, none refused", async () => {
      const stream = uniqueStream();
      const states = new StreamStates();
      const calls = { reads: 0, appends: 0 };
      const counting = countingCalls(calls);
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          handleCommand({
            store: counting,
            states,
            stream,
            decider: votes,
            command: vote(`v${i}`, 10),
            metadata: sampleMetadata,
            maxRetries: 0,
          }),
        ),
      );
      expect(results.map((r) => r.status === 'fulfilled' && r.value.state)).toEqual([
        ...Array.from({ length: 10 }, (_, i) => i + 1),
        false,
        false,
      ]);
      for (const r of results.slice(10)) expect(r).toMatchObject({ reason: { code: 'VOTE_LIMIT' } });
      // The first reads the new stream, each refused one once (a refusal is never trusted to a folded state).
      expect(calls).toEqual({ reads: 3, appends: 10 });
      expect(await store.readStream(stream)).toHaveLength(10);
    });

    it('never refuses on a folded state that may be behind: it reads the stream and decides again', async () => {
      /** Votes count once an unhelpful vote has opened the review. */
      const gated: Decider<{ voter: string }, boolean> = {
        initialState: false,
        evolve: (open, event) => open || (event.type === 'ReviewVoted' && !event.data.helpful),
        decide: ({ voter }, open) => {
          if (!open) throw new DomainError('conflict', 'CLOSED', 'Not open yet');
          return [{ type: 'ReviewVoted', data: { reviewId: 'r', voterUid: voter, helpful: true } }];
        },
      };
      const stream = uniqueStream();
      const states = new StreamStates();
      expect(await loadState(store, gated, stream, states)).toBe(false);
      await voteByAnotherProcess(stream, false);
      const result = await handleCommand({
        store,
        states,
        stream,
        decider: gated,
        command: { voter: 'a' },
        metadata: sampleMetadata,
      });
      expect(result.events).toHaveLength(1);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it("brings a folded state up to date with another process's appends, so the invariant holds", async () => {
      const stream = uniqueStream();
      const mine = new StreamStates();
      const theirs = new StreamStates();
      const command = (states: StreamStates, voter: string) =>
        handleCommand({
          store,
          states,
          stream,
          decider: votes,
          command: vote(voter, 4),
          metadata: sampleMetadata,
          maxRetries: 20,
        });
      await command(mine, 'a');
      await command(theirs, 'b');
      await command(theirs, 'c');
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => command(i % 2 ? mine : theirs, `v${i}`)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(stream)).toHaveLength(4);
      expect(await loadState(store, votes, stream, mine)).toBe(4);
    });

    it('keeps the most recently used streams, up to its size', async () => {
      const states = new StreamStates(2);
      const [a, b, c] = [uniqueStream(), uniqueStream(), uniqueStream()];
      for (const stream of [a, b]) await loadState(store, votes, stream, states);
      states.get(a, votes);
      await loadState(store, votes, c, states);
      expect(states.size).toBe(2);
      expect(states.get(a, votes)).toBeDefined();
      expect(states.get(b, votes)).toBeUndefined();
      expect(states.get(c, { ...votes })).toBeUndefined();
    });
  });
});
