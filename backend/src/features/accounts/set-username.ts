import { randomUUID } from 'node:crypto';
import { streams, userDecider, type UserState, usernameKey, validateUsername } from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../commands/run-command';
import type { AppContext } from '../../http/context';
import { usernameClaim } from './username-claims';

/** Read models the profile shows a new username from. */
export const USERNAME_READ_MODELS: readonly ProjectionName[] = ['user_profiles'];

/**
 * Claims the name's claim stream first (see username-claims.ts; appended with the revision read, so of two people racing
 * for a name exactly one wins and the other gets 409 USERNAME_TAKEN), then records UsernameSet
 * on the user's stream and releases the name it replaced; a claim whose change fails (another
 * change of the same user won the race) is released too, so nobody holds names they never got.
 * Returns the user's state with the new name.
 */
export async function setUsername(ctx: AppContext, uid: string, typed: string): Promise<UserState> {
  const username = validateUsername(typed);
  const now = ctx.clock();
  const request = { actor: uid, now, correlationId: randomUUID() };
  const changeClaim = async (type: 'ClaimUsername' | 'ReleaseUsername', name: string) =>
    runCommand(ctx, {
      ...request,
      ...(await usernameClaim(ctx, name)),
      command: { type, uid, username: name },
      readModels: [],
    });
  const claim = await changeClaim('ClaimUsername', username);
  const setName = () =>
    runCommand(ctx, {
      ...request,
      decider: userDecider,
      stream: streams.user(uid),
      command: { type: 'SetUsername', uid, username },
      readModels: USERNAME_READ_MODELS,
    });
  const { events, state } = await setName().catch(async (error: unknown) => {
    // A name claimed for a change that did not happen goes back to everyone.
    if (claim.events.length > 0) await changeClaim('ReleaseUsername', username);
    throw error;
  });
  for (const event of events) {
    const previous = event.type === 'UsernameSet' ? event.data.previous : null;
    if (previous !== null && usernameKey(previous) !== usernameKey(username)) {
      await changeClaim('ReleaseUsername', previous);
    }
  }
  return state;
}
