import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@labelwise/domain';
import { handleCommand, type CommandOptions, type CommandResult } from '../../../event-store/command';
import type { AppContext } from '../../../server/context';
import type { ProjectionName } from '@labelwise/projections/registry';

/** Metadata of an event an administrator caused: `actor` is their uid, the audit trail's "who". */
export function adminMetadata(ctx: Pick<AppContext, 'clock'>, adminUid: string): EventMetadata {
  return { actor: adminUid, correlationId: randomUUID(), causationId: null, at: ctx.clock().toISOString() };
}

/**
 * Runs an administrator's command on one stream, then waits until `readModels` show it, so the
 * console's next read sees the change.
 */
export async function runAdminCommand<State>(
  ctx: AppContext,
  adminUid: string,
  readModels: readonly ProjectionName[],
  options: Omit<CommandOptions<State>, 'store' | 'metadata'>,
): Promise<CommandResult<State>> {
  const result = await handleCommand({
    ...options,
    store: ctx.store,
    metadata: adminMetadata(ctx, adminUid),
  });
  if (result.position) await ctx.readYourWrites(readModels, result.position);
  return result;
}
