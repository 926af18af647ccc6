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

export { ratingSchema } from '../events/product-events';
