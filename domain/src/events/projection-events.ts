import { z } from 'zod';

/** The `projection-skips` stream: the operators' decisions to move a read model past an event. */
export const projectionSkipEvents = {
  /**
   * A projection could not apply an event and an operator moved it past: the projection never
   * applies that event, live or in a rebuild. Holds no stream name (one may name a person).
   */
  ProjectionEventSkipped: z.object({
    projection: z.string(),
    eventId: z.string(),
    /** The event's position in the global order, `commit/prepare` as `projections status` prints it. */
    position: z.string(),
    eventType: z.string(),
    /** What the projection met when it applied the event. */
    error: z.string(),
    /** Why the operator skipped it. */
    reason: z.string(),
  }),
} as const;
