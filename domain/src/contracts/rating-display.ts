import type { Rating } from '../events/ratings';

export { RATINGS, type Rating } from '../events/ratings';

/**
 * How the traffic-light ratings are shown (word, colours), without zod: the consumer app's start-up
 * script shows ratings before it has loaded any response contract, and the server writes a shared
 * product's verdict into its page.
 */

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

export interface RatingColours {
  /** Lamp, badge and banner background (both colour modes). */
  solid: string;
  /** Text on `solid`. */
  onSolid: string;
  /** The rating's colour as text on the page, light and dark mode. */
  fg: { light: string; dark: string };
}

/**
 * The traffic light's colours. 'Risk' is a light amber with dark text and 'Warning' a deep red
 * with white text, so the two differ in lightness, which protanopes and deuteranopes still see;
 * 'Green' leans to blue-green for the same reason. rating-colours.test.ts simulates both and
 * checks the distances and every text contrast (WCAG AA, 4.5:1).
 */
export const RATING_COLOURS: Record<Rating | 'unrated', RatingColours> = {
  green: { solid: '#0b7a62', onSolid: '#ffffff', fg: { light: '#0b7a62', dark: '#34d399' } },
  amber: { solid: '#f59e0b', onSolid: '#1c1917', fg: { light: '#92400e', dark: '#fbbf24' } },
  red: { solid: '#b91c1c', onSolid: '#ffffff', fg: { light: '#b91c1c', dark: '#f87171' } },
  unrated: { solid: '#52525b', onSolid: '#ffffff', fg: { light: '#52525b', dark: '#a1a1aa' } },
};

export type RatingTone = keyof typeof RATING_COLOURS;

export const ratingTone = (rating: string | null | undefined): RatingTone =>
  rating === 'green' || rating === 'amber' || rating === 'red' ? rating : 'unrated';
