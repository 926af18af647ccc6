import type { Insertable, Kysely } from 'kysely';
import type { ImportedProduct } from '@labelwise/domain';
import { unnestRows } from '../engine/unnest-rows';
import type { Database } from '../schema/database';
import type { ProductOffSourcesTable } from './tables';

export type OffSourceRow = Insertable<ProductOffSourcesTable>;

const offSourceColumnTypes = {
  product_id: 'int4',
  code: 'text',
  barcode_keys: 'jsonb',
  nutri_score_grade: 'text',
  nova_group: 'int4',
  nutrition: 'jsonb',
  quantity: 'text',
  categories: 'jsonb',
  image_url: 'text',
  off_url: 'text',
  last_modified_t: 'int8',
  source_format: 'text',
} as const;

export function offSourceRow(product: ImportedProduct): OffSourceRow {
  return {
    product_id: product.productId,
    code: product.code,
    barcode_keys: JSON.stringify(product.barcodeKeys),
    nutri_score_grade: product.nutriScoreGrade,
    nova_group: product.novaGroup,
    nutrition: JSON.stringify(product.nutrition),
    quantity: product.quantity,
    categories: JSON.stringify(product.categories),
    image_url: product.imageUrl,
    off_url: product.offUrl,
    last_modified_t: product.lastModifiedT,
    source_format: product.sourceFormat,
  };
}

export async function upsertOffSources(db: Kysely<Database>, sources: OffSourceRow[]): Promise<void> {
  if (sources.length === 0) return;
  const rows = unnestRows(sources, offSourceColumnTypes);
  await db
    .insertInto('product_off_sources')
    .columns(rows.columns)
    .expression(rows.select)
    .onConflict((oc) =>
      oc
        .column('product_id')
        .doUpdateSet((eb) =>
          Object.fromEntries(
            rows.columns.filter((c) => c !== 'product_id').map((c) => [c, eb.ref(`excluded.${c}`)]),
          ),
        ),
    )
    .execute();
}

/** The OFF source rows of these products, as the handler rewrites them. */
export async function loadOffSources(
  db: Kysely<Database>,
  productIds: number[],
): Promise<Map<number, OffSourceRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_off_sources')
    .selectAll()
    .where('product_id', 'in', productIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.product_id,
      {
        ...row,
        barcode_keys: JSON.stringify(row.barcode_keys),
        nutrition: JSON.stringify(row.nutrition),
        categories: JSON.stringify(row.categories),
      },
    ]),
  );
}
