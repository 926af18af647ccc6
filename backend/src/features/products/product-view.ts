import type { Selectable } from 'kysely';
import type { ProductResponse } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
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

/**
 * Spec §7 product JSON from the write side: a `product-{id}` stream's events, as the product's
 * creator sees it right after writing (the read model may not have caught up). Undefined when
 * the stream holds no listed product.
 */
export function productFromHistory(history: readonly RecordedEvent[]): ProductView | undefined {
  let product: ProductView | undefined;
  for (const event of history) {
    switch (event.type) {
      case 'ProductCreated': {
        const {
          productId: id,
          name,
          brand,
          barcode,
          ingredients,
          description,
          weight,
          rating,
          analysis,
        } = event.data;
        const createdAt = event.metadata.at;
        product ??= {
          id,
          name,
          brand,
          barcode,
          ingredients,
          description,
          weight,
          rating,
          analysis,
          createdAt,
        };
        break;
      }
      case 'ProductCorrected':
        if (product) {
          const { changes, rating, analysis } = event.data;
          product = { ...product, ...changes, rating, analysis };
        }
        break;
      case 'ProductRemoved':
        product = undefined;
        break;
    }
  }
  return product;
}

/** Spec §3 product card (search, lists, alternatives). */
export const cardColumns = ['id', 'name', 'brand', 'rating'] as const;
