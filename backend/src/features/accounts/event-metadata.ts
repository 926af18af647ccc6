import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@labelwise/domain';
import type { AppContext } from '../../http/context';

/** Metadata of events a user causes now. */
export function eventMetadata(ctx: Pick<AppContext, 'clock'>, actor: string): EventMetadata {
  return { actor, correlationId: randomUUID(), causationId: null, at: ctx.clock().toISOString() };
}
