import { articlesProjection } from './articles/projection';
import type { ProjectionDefinition } from './engine/projection';
import { productCardsProjection } from './product-cards/projection';
import { productRatingsProjection } from './product-ratings/projection';
import { reviewsProjection } from './reviews/projection';

/** Every projection the worker runs. Add yours here. */
export const projections: ProjectionDefinition[] = [
  productCardsProjection,
  productRatingsProjection,
  reviewsProjection,
  articlesProjection,
];
