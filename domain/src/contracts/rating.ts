import { z } from 'zod';
import { RATINGS } from './rating-display';

export { RATINGS, ratingLabel, ratingRank, type Rating } from './rating-display';

export const ratingSchema = z.enum(RATINGS);
