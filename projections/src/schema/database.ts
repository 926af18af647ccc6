import type { ArticleTables } from '../articles/tables';
import type { ImportRunTables } from '../import-runs/tables';
import type { OffContributionTables } from '../off-contributions/tables';
import type { ProductCardTables } from '../product-cards/tables';
import type { ProductRatingTables } from '../product-ratings/tables';
import type { ReviewTables } from '../reviews/tables';
import type { MonthlyScanCountTables } from '../monthly-scan-counts/tables';
import type { UserPreferenceTables } from '../user-preferences/tables';
import type { UserProfileTables } from '../user-profiles/tables';
import type { UserScanTables } from '../user-scans/tables';
import type { ProjectionInfraTables } from './infra-tables';

/**
 * The read side's one Kysely `Database` interface.
 *
 * Each projection folder exports the type of the tables it owns, derived from their declarations
 * (e.g. `ProductCardTables`, `TablesOf<typeof productCardsTable | ...>`), and adds it to the
 * `extends` list below. Read tables
 * are plain Kysely tables living in schema `public` (a shadow rebuild builds them in
 * `rebuild_<projection>` first, then moves them in).
 */
export interface Database
  extends
    ProjectionInfraTables,
    ProductCardTables,
    ProductRatingTables,
    ReviewTables,
    ArticleTables,
    UserProfileTables,
    UserPreferenceTables,
    UserScanTables,
    MonthlyScanCountTables,
    ImportRunTables,
    OffContributionTables {}
