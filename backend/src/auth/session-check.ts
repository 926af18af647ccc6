import { LRUCache } from 'lru-cache';
import type { LookupOptions } from './batched-lookup';

/** What the identity provider's record of a user says about their sessions and privileges. */
export interface SessionState {
  disabled: boolean;
  /** Sessions that signed in before this instant (ms since the epoch) are revoked; null: none. */
  validAfterMs: number | null;
  /** The `admin` custom claim as the provider holds it (a token carries a copy from when it was issued). */
  admin: boolean;
}

export type SessionVerdict = 'valid' | 'revoked' | 'disabled';

interface Entry {
  state: Promise<SessionState>;
  fetchedAt: number;
  refreshing: boolean;
}

const DEFAULT_CAPACITY = 100_000;

/**
 * Whether a session is still valid, asking the provider (`lookup`) at most once per user per
 * `maxAgeMs`: a revocation or a disabled account is seen within `maxAgeMs` of the provider
 * recording it. Past half that age an answer is refreshed in the background while it still
 * serves, so a user who keeps using the app never waits for the provider; concurrent requests
 * share one lookup; a background refresh says so, and may wait a little to share the provider's
 * call with others. `maxAgeMs` 0 asks on every call. Each process keeps its own cache, so the
 * bound holds however many API processes run.
 */
export function createSessionCheck(options: {
  lookup: (uid: string, options?: LookupOptions) => Promise<SessionState>;
  maxAgeMs: number;
  now?: () => number;
  capacity?: number;
}) {
  const { lookup, maxAgeMs } = options;
  const now = options.now ?? Date.now;
  // The most recently used users' answers; their age is this policy's, not the cache's.
  const entries = new LRUCache<string, Entry>({ max: options.capacity ?? DEFAULT_CAPACITY });

  const fetch = (uid: string): Entry => {
    const entry: Entry = { state: lookup(uid), fetchedAt: now(), refreshing: false };
    entries.set(uid, entry);
    // A failed lookup is not remembered: the next request asks again.
    entry.state.catch(() => {
      if (entries.peek(uid) === entry) entries.delete(uid);
    });
    return entry;
  };

  const current = (uid: string): Promise<SessionState> => {
    const entry = entries.get(uid);
    const age = entry ? now() - entry.fetchedAt : Infinity;
    if (!entry || age >= maxAgeMs) return fetch(uid).state;
    if (age >= maxAgeMs / 2 && !entry.refreshing) {
      entry.refreshing = true;
      const startedAt = now();
      const next = lookup(uid, { background: true });
      next.then(
        () => {
          if (entries.peek(uid) === entry)
            entries.set(uid, { state: next, fetchedAt: startedAt, refreshing: false });
        },
        () => {
          entry.refreshing = false;
        },
      );
    }
    return entry.state;
  };

  return {
    /** The provider's record of the user, as fresh as the verdicts. */
    record: current,
    /**
     * The record asked again unless it is younger than `minAgeMs`: for a token that says more
     * than the record (a privilege granted since it was asked), at most one call per user per
     * `minAgeMs` whatever the tokens say.
     */
    recheck(uid: string, minAgeMs: number): Promise<SessionState> {
      const entry = entries.get(uid);
      return entry && now() - entry.fetchedAt < minAgeMs ? entry.state : fetch(uid).state;
    },
    /** Drops what is known of the user (their account was deleted): the next request asks the provider. */
    forget(uid: string): void {
      entries.delete(uid);
    },
    /** The verdict on a session that signed in at `authTimeSeconds`. */
    async verdict(uid: string, authTimeSeconds: number): Promise<SessionVerdict> {
      const state = await current(uid);
      if (state.disabled) return 'disabled';
      if (state.validAfterMs !== null && authTimeSeconds * 1000 < state.validAfterMs) return 'revoked';
      return 'valid';
    },
  };
}

export type SessionCheck = ReturnType<typeof createSessionCheck>;
