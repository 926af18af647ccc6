import { streams, type Preferences, userDecider } from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { userPreferences } from '@labelwise/projections/queries';
import { runCommand } from '../../commands/run-command';
import type { AppContext } from '../../http/context';

export const PREFERENCES_READ_MODELS: readonly ProjectionName[] = ['user_preferences'];

/** Every preference is false until the user changes something. */
export function readPreferences(ctx: Pick<AppContext, 'reads'>, uid: string): Promise<Preferences> {
  return userPreferences(ctx.reads, uid);
}

/** Stores the full preferences object; premium alerts change only for premium users (403 PREMIUM_REQUIRED). */
export async function changePreferences(
  ctx: AppContext,
  uid: string,
  preferences: Preferences,
): Promise<Preferences> {
  const now = ctx.clock();
  const { state } = await runCommand(ctx, {
    decider: userDecider,
    stream: streams.user(uid),
    command: { type: 'ChangePreferences', uid, preferences, now },
    actor: uid,
    readModels: PREFERENCES_READ_MODELS,
    now,
  });
  return state.preferences;
}
