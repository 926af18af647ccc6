import { int4, readTable, text, timestamptz, type RowOf, type TablesOf } from '../engine/columns';

/**
 * One English label a user agreed to share with Open Food Facts: what would be sent, and nothing
 * about who gave it (a user's erasure need not touch these rows).
 */
export const offContributionsTable = readTable(
  'off_contributions',
  {
    product_id: int4(),
    /** The revision of the consenting event in the product's stream: one row per label version. */
    label_version: int4(),
    /** `created`: a product the user created from a label; `label`: a label given to an unrated import. */
    kind: text<'created' | 'label'>(),
    /** The product's barcode, name and brand as the user typed or confirmed them; null for a `label` (the product's own barcode is read when it is sent). */
    barcode: text().nullable(),
    product_name: text().nullable(),
    brand: text().nullable(),
    ingredients: text(),
    queued_at: timestamptz(),
  },
  { primaryKey: ['product_id', 'label_version'] },
);

export type OffContributionsTable = RowOf<typeof offContributionsTable.columns>;

export type OffContributionTables = TablesOf<typeof offContributionsTable>;
