import type { Kysely } from 'kysely';
import type { Position, RecordedEvent } from '@labelwise/event-store';
import type { Database } from '../schema/database';
import { LIVE_SCHEMA, applyEvents, isTransient } from './apply-events';
import { moveCheckpoints } from './checkpoint-moves';
import type { ProjectionDefinition } from './projection';

/** `alone`: the group's transaction failed; the projection applies the batch in one of its own. */
export type GroupOutcome = 'applied' | 'moved' | 'alone';

interface ApplyRequest {
  projection: ProjectionDefinition;
  expected: Position;
  batch: RecordedEvent[];
  resolve: (outcome: GroupOutcome) => void;
  reject: (error: unknown) => void;
}

const keyOf = (expected: Position, batch: RecordedEvent[]) => {
  const to = batch.at(-1)!.position;
  return `${expected.commit}:${expected.prepare}>${to.commit}:${to.prepare}`;
};

/**
 * Applies a batch for every projection of one worker that reaches it in the same turn of the
 * event loop, in one transaction: one statement moves their checkpoints (locking their rows
 * first, as a lone batch does), then each handler runs, then one commit, instead of a
 * transaction each. At the head of the log the projections of a worker wait on the same
 * wake-up and get the same batch from the shared read, so a scan's three read models commit
 * together, with one notification to the commands waiting for them. A failure that is not
 * transient answers `alone` to each: its projections apply the batch one by one again, where a
 * failing handler is found and parked without holding back the others.
 */
export function groupApplies(db: Kysely<Database>) {
  const pending: ApplyRequest[] = [];

  const run = async (group: ApplyRequest[]) => {
    const { expected, batch } = group[0]!;
    const to = batch.at(-1)!.position;
    try {
      const moved = await db.transaction().execute(async (trx) => {
        const names = await moveCheckpoints(
          trx,
          group.map((request) => request.projection),
          expected,
          to,
          true,
        );
        for (const { projection } of group)
          if (names.has(projection.name)) await applyEvents(trx, projection, LIVE_SCHEMA, batch);
        return names;
      });
      for (const request of group) request.resolve(moved.has(request.projection.name) ? 'applied' : 'moved');
    } catch (error) {
      for (const request of group) {
        if (isTransient(error)) request.reject(error);
        else request.resolve('alone');
      }
    }
  };

  const flush = () => {
    const groups = new Map<string, ApplyRequest[]>();
    for (const request of pending.splice(0)) {
      const key = keyOf(request.expected, request.batch);
      const group = groups.get(key);
      if (group) group.push(request);
      else groups.set(key, [request]);
    }
    for (const group of groups.values()) void run(group);
  };

  return (projection: ProjectionDefinition, expected: Position, batch: RecordedEvent[]) =>
    new Promise<GroupOutcome>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ projection, expected, batch, resolve, reject });
    });
}

export type GroupApplier = ReturnType<typeof groupApplies>;
