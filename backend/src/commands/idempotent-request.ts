import { AsyncLocalStorage } from 'node:async_hooks';
import { nameBasedUuid } from './name-based-uuid';

/** The namespace of every request-derived event id (itself a v5 UUID of the product's name). */
const REQUEST_NAMESPACE = nameBasedUuid(
  'labelwise:idempotent-request',
  '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
);

/** Where a keyed request keeps what it must repeat exactly when it runs again (ids from sequences). */
export interface RequestMemory {
  /** The value stored under `name` by an earlier run of this request, else `make()`'s, stored first. */
  recall(name: string, make: () => Promise<number>): Promise<number>;
}

interface RequestScope {
  /** One UUID per (who, method, path, Idempotency-Key). */
  namespace: string;
  memory: RequestMemory;
  /** How many commands this request has run on each stream so far. */
  commandsPerStream: Map<string, number>;
  /** How many values this request has asked for under each name so far. */
  recalls: Map<string, number>;
}

const scope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `work` (the rest of a request with an Idempotency-Key) so that running it again does the
 * same: the commands it runs append events whose ids derive from the request's identity (the n-th
 * command on stream S appends its i-th event with id UUIDv5(S, n, i) in the request's namespace;
 * the event store skips ids a stream already holds), and values it draws from sequences
 * (`rememberedId`) are the first run's.
 */
export function asIdempotentRequest<T>(
  request: { principal: string; method: string; path: string; key: string },
  memory: RequestMemory,
  work: () => T,
): T {
  const { principal, method, path, key } = request;
  const namespace = nameBasedUuid(JSON.stringify([principal, method, path, key]), REQUEST_NAMESPACE);
  return scope.run({ namespace, memory, commandsPerStream: new Map(), recalls: new Map() }, work);
}

/** The n-th value of `name` this request draws: an earlier run's when there was one. */
export function rememberedId(name: string, make: () => Promise<number>): Promise<number> {
  const request = scope.getStore();
  if (!request) return make();
  const ordinal = request.recalls.get(name) ?? 0;
  request.recalls.set(name, ordinal + 1);
  return request.memory.recall(`${name}#${ordinal}`, make);
}

/** The event ids of the next command on `stream` within the current request; undefined outside one. */
export function nextCommandEventIds(stream: string): ((event: unknown, index: number) => string) | undefined {
  const request = scope.getStore();
  if (!request) return undefined;
  const ordinal = request.commandsPerStream.get(stream) ?? 0;
  request.commandsPerStream.set(stream, ordinal + 1);
  return (_event, index) => nameBasedUuid(JSON.stringify([stream, ordinal, index]), request.namespace);
}
