/**
 * The traffic-light ratings a stored verdict carries, owned by the events so that what is stored
 * never follows an API answer. Without zod: the consumer app's start-up script shows ratings (through
 * `contracts/rating-display.ts`) before it has loaded any response contract.
 */
export const RATINGS = ['green', 'amber', 'red'] as const;
export type Rating = (typeof RATINGS)[number];
