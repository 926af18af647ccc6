import { describe, expect, it } from 'vitest';
import { isDismissingSwipe, SWIPE_THRESHOLD_PX } from './swipe';

describe('toast swipe', () => {
  it('dismisses at the 50 px threshold in either direction', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(isDismissingSwipe(100, 150)).toBe(true);
    expect(isDismissingSwipe(100, 50)).toBe(true);
  });

  it('ignores taps and short drags', () => {
    expect(isDismissingSwipe(100, 100)).toBe(false);
    expect(isDismissingSwipe(100, 149)).toBe(false);
  });
});
