import { articlesProjection } from './articles/projection';
import type { ProjectionDefinition } from './engine/projection';
import { importRunsProjection } from './import-runs/projection';
import { offContributionsProjection } from './off-contributions/projection';
import { monthlyScanCountsProjection } from './monthly-scan-counts/projection';
import { productCardsProjection } from './product-cards/projection';
import { productRatingsProjection } from './product-ratings/projection';
import { reviewsProjection } from './reviews/projection';
import { userPreferencesProjection } from './user-preferences/projection';
import { userProfilesProjection } from './user-profiles/projection';
import { userScansProjection } from './user-scans/projection';

/** Every projection the worker runs. Add yours here. */
const registered = [
  productCardsProjection,
  productRatingsProjection,
  reviewsProjection,
  articlesProjection,
  userProfilesProjection,
  userPreferencesProjection,
  userScansProjection,
  monthlyScanCountsProjection,
  importRunsProjection,
  offContributionsProjection,
] as const;

/** The name of a registered projection: what a command waits for, checked by the compiler. */
export type ProjectionName = (typeof registered)[number]['name'];

export const projections: ProjectionDefinition[] = [...registered];

export const projectionNames: readonly ProjectionName[] = registered.map((projection) => projection.name);

/** The projections called `names`, in registry order; no names: every projection. */
export function selectProjections(names: readonly string[]): ProjectionDefinition[] {
  const unknown = names.filter((name) => !projections.some((p) => p.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown projection ${unknown.map((name) => `"${name}"`).join(', ')}; known: ${projections.map((p) => p.name).join(', ')}`,
    );
  }
  return names.length === 0 ? projections : projections.filter((p) => names.includes(p.name));
}
