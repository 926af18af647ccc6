import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@labelwise/domain';
import type { AppContext } from '../../http/context';

/** Metadata of events recorded now on behalf of `actor` (null for the system). */
export function eventMetadata(ctx: Pick<AppContext, 'clock'>, actor: string | null): EventMetadata {
  return { actor, correlationId: randomUUID(), causationId: null, at: ctx.clock().toISOString() };
}
