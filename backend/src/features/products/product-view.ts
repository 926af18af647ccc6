import type { Selectable } from 'kysely';
import {
  OFF_ATTRIBUTION,
  type ImportedProduct,
  type OffBlockResponse,
  type ProductResponse,
} from '@labelwise/domain';
import { evolveProduct, noProduct, type ProductState } from '@labelwise/domain/products/product';
import type { RecordedEvent } from '@labelwise/event-store';
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

/** The OFF block of an imported product's source snapshot (an event's payload). */
function offBlockOfSource(source: ImportedProduct): OffBlockResponse {
  const { code, nutriScoreGrade, novaGroup, nutrition, quantity, categories, imageUrl, offUrl } = source;
  const { lastModifiedT } = source;
  const attribution = { ...OFF_ATTRIBUTION };
  return {
    code,
    nutriScoreGrade,
    novaGroup,
    nutrition,
    quantity,
    categories,
    imageUrl,
    offUrl,
    lastModifiedT,
    attribution,
  };
}

/**
 * Spec §7 product JSON from the write side: a `product-{id}` stream's events, as the product's
 * creator sees it right after writing (the read model may not have caught up). Its fields and
 * verdict fold with the domain's own rules (a correction wins over later exports).
 * Undefined when the stream holds no listed product.
 */
export function productFromHistory(history: readonly RecordedEvent[]): ProductView | undefined {
  let state: ProductState = noProduct;
  let off: OffBlockResponse | null = null;
  let createdAt = '';
  for (const event of history) {
    switch (event.type) {
      case 'ProductImported':
      case 'ProductUpdatedFromSource':
        off = offBlockOfSource(event.data);
        createdAt ||= event.metadata.at;
        state = evolveProduct(state, event);
        break;
      case 'ProductCreated':
        createdAt ||= event.metadata.at;
        state = evolveProduct(state, event);
        break;
      case 'ProductCorrected':
      case 'ProductReassessed':
      case 'ProductRemoved':
        state = evolveProduct(state, event);
        break;
    }
  }
  if (state.status !== 'listed') return undefined;
  return {
    id: state.productId,
    ...state.fields,
    rating: state.verdict?.rating ?? null,
    analysis: state.verdict?.analysis ?? null,
    unratedReason: state.unratedReason,
    off,
    createdAt,
  };
}
