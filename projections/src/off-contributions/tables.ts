import type { ColumnType } from 'kysely';

/**
 * One English label a user agreed to share with Open Food Facts: what would be sent, and nothing
 * about who gave it (a user's erasure need not touch these rows).
 */
export interface OffContributionsTable {
  product_id: number;
  /** The revision of the consenting event in the product's stream: one row per label version. */
  label_version: number;
  /** `created`: a product the user created from a label; `label`: a label given to an unrated import. */
  kind: 'created' | 'label';
  /** The product's barcode, name and brand as the user typed or confirmed them; null for a `label` (the product's own barcode is read when it is sent). */
  barcode: string | null;
  product_name: string | null;
  brand: string | null;
  ingredients: string;
  queued_at: ColumnType<Date, Date | string, Date | string>;
}

export interface OffContributionTables {
  off_contributions: OffContributionsTable;
}
