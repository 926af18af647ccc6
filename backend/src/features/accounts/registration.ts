import { TEXT_LIMITS, cutText, invalid, streams, textProblem } from '@labelwise/domain';
import type { AuthUser } from '../../auth/verifier';
import { WrongExpectedVersion, type EventStore } from '@labelwise/event-store';
import { commandMetadata } from '../../commands/run-command';
import { LruSet } from './lru-set';

const KNOWN_USERS_CAPACITY = 50_000;

/**
 * The auth middleware's `onAuthenticated` hook: the first time a uid is seen it records
 * `UserRegistered` as the first event of `user-{uid}`. Uids already registered are remembered
 * in memory, so the hot path costs no store read; concurrent first requests share one append.
 */
export function createRegistrationHook(deps: {
  store: EventStore;
  clock: () => Date;
}): (user: AuthUser) => Promise<void> {
  const known = new LruSet<string>(KNOWN_USERS_CAPACITY);
  const inFlight = new Map<string, Promise<void>>();

  return async (user) => {
    if (known.has(user.uid)) return;
    let registering = inFlight.get(user.uid);
    if (!registering) {
      registering = register(deps, user)
        .then(() => known.add(user.uid))
        .finally(() => inFlight.delete(user.uid));
      inFlight.set(user.uid, registering);
    }
    await registering;
  };
}

async function register(
  { store, clock }: { store: EventStore; clock: () => Date },
  user: AuthUser,
): Promise<void> {
  const { uid, email, emailVerified, provider } = user;
  const displayName = user.displayName === null ? null : nameToKeep(user.displayName);
  try {
    await store.append(
      streams.user(uid),
      [
        {
          type: 'UserRegistered',
          data: { uid, email, emailVerified, displayName, provider },
          metadata: commandMetadata(uid, clock()),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    // The stream exists: another instance (or an earlier run) registered this user already.
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}

/**
 * The identity provider's name for the user as it is kept: cut to `TEXT_LIMITS.displayName`, and
 * refused (400) when it holds what cannot be stored, which only a client setting it by hand can put there.
 */
function nameToKeep(displayName: string): string {
  const problem = textProblem(displayName);
  if (problem)
    throw invalid(
      'INVALID_DISPLAY_NAME',
      `The name on your sign-in account ${problem}. Change the name on your account, then sign in again.`,
    );
  return cutText(displayName, TEXT_LIMITS.displayName);
}
