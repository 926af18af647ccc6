/** A toast swiped horizontally by at least 50 px is dismissed. */
export const SWIPE_THRESHOLD_PX = 50;

export const isDismissingSwipe = (startX: number, endX: number) =>
  Math.abs(endX - startX) >= SWIPE_THRESHOLD_PX;
