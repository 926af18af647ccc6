import { describe, it } from 'vitest';
import { deciderSpec } from '../../testing/decider-spec';
import { projectionSkipsDecider, type SkippedEvent } from './projection-skips';

const skip: SkippedEvent = {
  projection: 'reviews',
  eventId: 'e1',
  position: '12/34',
  eventType: 'ReviewPosted',
  error: 'error: invalid byte sequence for encoding "UTF8": 0x00',
  reason: ' A NUL sealed by an older version (issue 47) ',
};
const spec = deciderSpec(projectionSkipsDecider);
const skipped = { type: 'ProjectionEventSkipped' as const, data: { ...skip, reason: skip.reason.trim() } };

describe('projection skips', () => {
  it('records a skip with its reason', () => {
    spec.given([]).when({ type: 'SkipProjectionEvent', skip }).then([skipped]);
  });

  it('records the same skip once; the same event in another projection is another skip', () => {
    spec.given([skipped]).when({ type: 'SkipProjectionEvent', skip }).then([]);
    spec
      .given([skipped])
      .when({ type: 'SkipProjectionEvent', skip: { ...skip, projection: 'product_ratings' } })
      .then([{ ...skipped, data: { ...skipped.data, projection: 'product_ratings' } }]);
  });

  it('refuses a skip without a reason', () => {
    spec
      .given([])
      .when({ type: 'SkipProjectionEvent', skip: { ...skip, reason: '  ' } })
      .thenRefuses('REASON_REQUIRED');
  });
});
