import { streams, type EventMetadata } from '@labelwise/domain';
import { decideSetUsername } from '@labelwise/domain/users/user';
import {
  decideClaimUsername,
  decideReleaseUsername,
  evolveUsernameClaim,
  unclaimedUsername,
  usernameKey,
  validateUsername,
} from '@labelwise/domain/users/username';
import { handleCommand } from '../../event-store/command';
import type { AppContext } from '../../server/context';
import { eventMetadata } from './event-metadata';
import { runUserCommand } from './user-stream';
import type { ProjectionName } from '@labelwise/projections/registry';

/** Read models the profile shows a new username from. */
export const USERNAME_READ_MODELS: readonly ProjectionName[] = ['user_profiles'];

function changeClaim(
  ctx: AppContext,
  decide: typeof decideClaimUsername,
  uid: string,
  username: string,
  metadata: EventMetadata,
) {
  return handleCommand({
    store: ctx.store,
    stream: streams.username(username),
    initial: unclaimedUsername,
    evolve: evolveUsernameClaim,
    decide: (claim) => decide(claim, { uid, username }),
    metadata,
  });
}

/**
 * Claims `username-{lowercase}` first (appended with the revision read, so of two people racing
 * for a name exactly one wins and the other gets 409 USERNAME_TAKEN), then records UsernameSet
 * on the user's stream and releases the name it replaced.
 */
export async function setUsername(ctx: AppContext, uid: string, typed: string): Promise<void> {
  const username = validateUsername(typed);
  const metadata = eventMetadata(ctx, uid);
  await changeClaim(ctx, decideClaimUsername, uid, username, metadata);
  const { events, position } = await runUserCommand(ctx, uid, (state) =>
    decideSetUsername(state, { uid, username }),
  );
  for (const event of events) {
    const previous = event.type === 'UsernameSet' ? event.data.previous : null;
    if (previous !== null && usernameKey(previous) !== usernameKey(username)) {
      await changeClaim(ctx, decideReleaseUsername, uid, previous, metadata);
    }
  }
  if (position) await ctx.readYourWrites(USERNAME_READ_MODELS, position);
}
