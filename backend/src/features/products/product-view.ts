import type { Selectable } from 'kysely';
import { OFF_ATTRIBUTION, type OffBlockResponse, type ProductResponse } from '@labelwise/domain';
import type { ProductCardsTable, ProductOffSourcesTable } from '@labelwise/projections/product-cards/tables';

type ProductRow = Pick<
  Selectable<ProductCardsTable>,
  | 'id'
  | 'name'
  | 'brand'
  | 'barcode'
  | 'ingredients'
  | 'description'
  | 'weight'
  | 'rating'
  | 'analysis'
  | 'unrated_reason'
  | 'created_at'
> &
  OffColumns;

/** The OFF source columns, null when the product has no OFF record (left join). */
export type OffColumns = {
  [K in keyof OffSourceColumns as `off_${K}`]: OffSourceColumns[K] | null;
};
type OffSourceColumns = Omit<
  Selectable<ProductOffSourcesTable>,
  'product_id' | 'barcode_keys' | 'source_format'
>;

/** Select these with `product_off_sources as o` left-joined; `offBlock` reads them. */
export const offColumns = [
  'o.code as off_code',
  'o.nutri_score_grade as off_nutri_score_grade',
  'o.nova_group as off_nova_group',
  'o.nutrition as off_nutrition',
  'o.quantity as off_quantity',
  'o.categories as off_categories',
  'o.image_url as off_image_url',
  'o.off_url as off_off_url',
  'o.last_modified_t as off_last_modified_t',
] as const;

/** Select these from `product_cards as p` left-joined with `product_off_sources as o`. */
export const productColumns = [
  'p.id',
  'p.name',
  'p.brand',
  'p.barcode',
  'p.ingredients',
  'p.description',
  'p.weight',
  'p.rating',
  'p.analysis',
  'p.unrated_reason',
  'p.created_at',
  ...offColumns,
] as const;

/** What OFF says about the product, with the ODbL attribution; null without an OFF record. */
export function offBlock(row: OffColumns): OffBlockResponse | null {
  if (row.off_code === null || row.off_off_url === null) return null;
  return {
    code: row.off_code,
    nutriScoreGrade: row.off_nutri_score_grade,
    novaGroup: row.off_nova_group,
    nutrition: row.off_nutrition!,
    quantity: row.off_quantity,
    categories: row.off_categories ?? [],
    imageUrl: row.off_image_url,
    offUrl: row.off_off_url,
    lastModifiedT: Number(row.off_last_modified_t),
    attribution: { ...OFF_ATTRIBUTION },
  };
}

/** Spec §7 product JSON, with the OFF block and the unrated reason. */
export function productView(row: ProductRow): ProductResponse {
  const { id, name, brand, barcode, ingredients, description, weight, rating, analysis } = row;
  return {
    id,
    name,
    brand,
    barcode,
    ingredients,
    description,
    weight,
    rating,
    analysis,
    unratedReason: row.unrated_reason,
    off: offBlock(row),
    createdAt: row.created_at.toISOString(),
  };
}
export type ProductView = ProductResponse;
