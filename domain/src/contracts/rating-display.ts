/**
 * The traffic-light ratings and how they are shown, without zod: the consumer app's start-up
 * script shows ratings before it has loaded any response contract.
 */
export const RATINGS = ['green', 'amber', 'red'] as const;
export type Rating = (typeof RATINGS)[number];

/** Rating sort order: green 3, amber 2, red 1. */
export const ratingRank: Record<Rating, number> = { green: 3, amber: 2, red: 1 };

/** The rating as shown: Green, Risk (amber), Warning (red), Unrated if unknown. */
export function ratingLabel(rating: string | null | undefined): 'Green' | 'Risk' | 'Warning' | 'Unrated' {
  switch (rating) {
    case 'green':
      return 'Green';
    case 'amber':
      return 'Risk';
    case 'red':
      return 'Warning';
    default:
      return 'Unrated';
  }
}
