import type { ProjectionInfraTables } from './infra-tables';

/**
 * The read side's one Kysely `Database` interface.
 *
 * Each projection folder exports an interface of the tables it owns (e.g. `ProductCardTables`
 * with `product_cards: ProductCardsTable`) and adds it to the `extends` list below. Read tables
 * are plain Kysely tables living in schema `public` (a shadow rebuild builds them in
 * `rebuild_<projection>` first, then moves them in).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- grows as projections are added
export interface Database extends ProjectionInfraTables {}
