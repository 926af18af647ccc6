import type { Selectable } from 'kysely';
import type { ProductResponse } from '@labelwise/domain';
import type { ProductCardsTable } from '@labelwise/projections/product-cards/tables';

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
  | 'created_at'
>;

export const productColumns = [
  'id',
  'name',
  'brand',
  'barcode',
  'ingredients',
  'description',
  'weight',
  'rating',
  'analysis',
  'created_at',
] as const;

/** Spec §7 product JSON. */
export function productView(row: ProductRow): ProductResponse {
  const { created_at, ...fields } = row;
  return { ...fields, createdAt: created_at.toISOString() };
}
export type ProductView = ProductResponse;

/** Spec §3 product card (search, lists, alternatives). */
export const cardColumns = ['id', 'name', 'brand', 'rating'] as const;
