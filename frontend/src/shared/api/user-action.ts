/**
 * One thing the user did (a submit, a click), as the object that stands for it: TanStack Query
 * hands every attempt of one `mutate` call the same context object, so passing it on as the
 * action makes each retry of the action send what the first attempt sent.
 */
export type UserAction = object;

const remembered = new WeakMap<UserAction, Map<string, unknown>>();

/** What `make` gave the first time this action asked for `name`: the same on every retry. */
export function rememberedFor<T>(action: UserAction, name: string, make: () => T): T {
  let values = remembered.get(action);
  if (!values) remembered.set(action, (values = new Map()));
  if (!values.has(name)) values.set(name, make());
  return values.get(name) as T;
}

/**
 * The `Idempotency-Key` of one request of an action: a fresh UUID per action and request, the same
 * for every retry, so the server answers a retry as it answered the first attempt and records nothing twice.
 */
export const idempotencyKey = (action: UserAction, method: string, url: string): string =>
  rememberedFor(action, `Idempotency-Key ${method} ${url}`, () => crypto.randomUUID());
