import type { z } from 'zod';
import { articleEvents } from './article-events';
import { importEvents } from './import-events';
import { importRunEvents } from './import-run-events';
import { offSyncEvents } from './off-events';
import { projectionSkipEvents } from './projection-events';
import { barcodeEvents, labelEvents, productEvents } from './product-events';
import { reviewEvents } from './review-events';
import { userEvents, usernameEvents } from './user-events';
import { DomainError } from '../errors';
import { canonicalBarcode } from '../barcode';

/** Every event type Labelwise records, with the zod schema of its payload. */
export const eventSchemas = {
  ...userEvents,
  ...usernameEvents,
  ...productEvents,
  ...importEvents,
  ...importRunEvents,
  ...offSyncEvents,
  ...projectionSkipEvents,
  ...barcodeEvents,
  ...labelEvents,
  ...reviewEvents,
  ...articleEvents,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A domain event: the discriminated union of every type with its payload. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** Each stream kind's events: what its decider's `evolve` folds. */
export type UserEvent = EventOf<keyof typeof userEvents>;
export type UsernameEvent = EventOf<keyof typeof usernameEvents>;
/** A `product-{id}` stream holds its life (created, corrected, removed) and its imports from OFF. */
export type ProductEvent = EventOf<keyof typeof productEvents | keyof typeof importEvents>;
export type BarcodeEvent = EventOf<keyof typeof barcodeEvents>;
export type LabelEvent = EventOf<keyof typeof labelEvents>;
export type ReviewEvent = EventOf<keyof typeof reviewEvents>;
export type ArticleEvent = EventOf<keyof typeof articleEvents>;
export type OffSyncEvent = EventOf<keyof typeof offSyncEvents>;
export type ProjectionSkipEvent = EventOf<keyof typeof projectionSkipEvents>;

/** The types of events in a schema map, in its order. */
const typesOf = <Schemas extends Partial<Record<EventType, unknown>>>(schemas: Schemas) =>
  Object.keys(schemas) as (keyof Schemas & EventType)[];

/**
 * Every event type of each stream kind whose document the domain folds: a projection showing the
 * document reads them all, so a new event reaches it without a second list to keep in step.
 */
export const productEventTypes: readonly ProductEvent['type'][] = typesOf({
  ...productEvents,
  ...importEvents,
});
export const userEventTypes: readonly UserEvent['type'][] = typesOf(userEvents);
export const reviewEventTypes: readonly ReviewEvent['type'][] = typesOf(reviewEvents);
export const articleEventTypes: readonly ArticleEvent['type'][] = typesOf(articleEvents);

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Validates a payload against its type's schema, on write and on read. */
export function parseEvent(type: string, data: unknown): DomainEvent {
  if (!isEventType(type))
    throw new DomainError('invalid', 'UNKNOWN_EVENT_TYPE', `Unknown event type ${type}`);
  const result = eventSchemas[type].safeParse(data);
  if (!result.success) {
    throw new DomainError('invalid', 'INVALID_EVENT', `Invalid ${type} payload: ${result.error.message}`);
  }
  return { type, data: result.data } as DomainEvent;
}

export const streams = {
  user: (uid: string) => `user-${uid}`,
  /**
   * A username's claim, named by its claim id: a keyed hash of the lower-cased name, so that no
   * stream id names a person (claims made before were named by the lower-cased name itself).
   */
  username: (claimId: string) => `username-${claimId}`,
  product: (id: number) => `product-${id}`,
  /** One stream for every printed form of a code (EAN-13 / UPC-A / EAN-8), so any scan claims the same. */
  barcode: (code: string) => `barcode-${canonicalBarcode(code)}`,
  label: (labelKey: string) => `label-${labelKey}`,
  review: (id: string) => `review-${id}`,
  article: (id: number) => `article-${id}`,
  importRun: (runId: string) => `import-run-${runId}`,
  /** One stream for every sync of OFF's daily deltas. */
  offSync: () => 'off-sync',
  /** One stream for every event an operator moved a projection past. */
  projectionSkips: () => 'projection-skips',
};
