import { z } from 'zod';
import { RATINGS } from './rating-display';

export {
  RATINGS,
  RATING_COLOURS,
  ratingLabel,
  ratingRank,
  ratingTone,
  type Rating,
  type RatingColours,
  type RatingTone,
} from './rating-display';

export const ratingSchema = z.enum(RATINGS);
