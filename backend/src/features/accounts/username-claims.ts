import {
  streams,
  usernameClaimDecider,
  usernameKey,
  type Decider,
  type UsernameClaim,
  type UsernameCommand,
  type UsernameEvent,
} from '@labelwise/domain';
import { loadState } from '@labelwise/event-store';
import { claimStreamOf, usernameClaimKey } from '../../db/username-claim-key';
import type { AppContext } from '../../http/context';

/** Where a name's claim lived before claim streams were named by a keyed hash (see `claimStreamOf`). */
export const legacyClaimStreamOf = (name: string) => streams.username(usernameKey(name));

export interface UsernameClaimStreams {
  /** The stream the claim is decided and recorded on. */
  stream: string;
  /** The claim's decider: a stream without events starts from what the name's legacy stream holds. */
  decider: Decider<UsernameCommand, UsernameClaim, UsernameEvent>;
}

/** The claim of `name`: its stream, and its decider on top of any claim made before hashing. */
export async function usernameClaim(
  ctx: Pick<AppContext, 'db' | 'store'>,
  name: string,
): Promise<UsernameClaimStreams> {
  const [key, before] = await Promise.all([
    usernameClaimKey(ctx.db),
    loadState(ctx.store, usernameClaimDecider, legacyClaimStreamOf(name)),
  ]);
  return { stream: claimStreamOf(key, name), decider: { ...usernameClaimDecider, initialState: before } };
}

/** Every stream that may hold a claim of `name`: the keyed one and the legacy one. */
export async function claimStreamsOf(ctx: Pick<AppContext, 'db'>, name: string): Promise<string[]> {
  return [claimStreamOf(await usernameClaimKey(ctx.db), name), legacyClaimStreamOf(name)];
}
