import type { Decider, Recorded } from '../decider';
import { invalid } from '../errors';
import type { EventData, ProjectionSkipEvent } from '../events/catalogue';
import { TEXT_LIMITS } from '../text/text-limits';
import { cutText } from '../text/stored-text';

export type SkippedEvent = EventData<'ProjectionEventSkipped'>;

/** An operator's decision to move a projection past an event it cannot apply, and why. */
export interface SkipProjectionEvent {
  type: 'SkipProjectionEvent';
  skip: SkippedEvent;
}

/** What the `projection-skips` stream says: the events each projection never applies. */
export interface ProjectionSkips {
  skipped: ReadonlyMap<string, ReadonlySet<string>>;
}

export const noSkips: ProjectionSkips = { skipped: new Map() };

export const SKIP_REASON_MIN = 3;

/** The events skipped for this projection (their ids). */
export const skippedFor = (skips: ProjectionSkips, projection: string): ReadonlySet<string> =>
  skips.skipped.get(projection) ?? new Set();

/** A skip is recorded once per projection and event, with a reason the audit trail keeps. */
export const projectionSkipsDecider: Decider<SkipProjectionEvent, ProjectionSkips, ProjectionSkipEvent> = {
  decide({ skip }, state) {
    const reason = skip.reason.trim();
    if (reason.length < SKIP_REASON_MIN || reason.length > TEXT_LIMITS.reason)
      throw invalid(
        'REASON_REQUIRED',
        `Say why the event is skipped, in ${SKIP_REASON_MIN} to ${TEXT_LIMITS.reason} characters: the reason is kept with the skip.`,
      );
    if (skippedFor(state, skip.projection).has(skip.eventId)) return [];
    const error = cutText(skip.error, TEXT_LIMITS.reason);
    return [{ type: 'ProjectionEventSkipped', data: { ...skip, reason, error } }];
  },
  evolve(state, event: Recorded<ProjectionSkipEvent>) {
    const { projection, eventId } = event.data;
    const skipped = new Map(state.skipped);
    skipped.set(projection, new Set(skippedFor(state, projection)).add(eventId));
    return { skipped };
  },
  initialState: noSkips,
};
