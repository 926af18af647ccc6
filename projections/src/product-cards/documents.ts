import type { Kysely, Selectable } from 'kysely';
import {
  CATEGORY_COUNT_LIMIT,
  TEXT_LIMITS,
  cutText,
  dietaryFlags,
  headNoun,
  nutritionLevels,
  nutritionVerdict,
  ratingRank,
} from '@labelwise/domain';
import type { OffSnapshot, ProductDocument } from '@labelwise/domain';
import { columnNames } from '../engine/columns';
import type { Database } from '../schema/database';
import {
  offSourceColumns,
  productCardColumns,
  type OffSourceRow,
  type ProductCardRow,
  type ProductCardsTable,
  type ProductOffSourcesTable,
} from './tables';

// The one mapping between a product's document and its rows: the card (`product_cards`) and, for
// a product OFF knows, OFF's latest record (`product_off_sources`).

/**
 * The card the document shows. Its texts are cut to `TEXT_LIMITS`, which what comes in is held to
 * now, so that an older event's megabyte of name or category still fits the indexes (the name's
 * search key and the product's kind are B-tree entries of at most 2,704 bytes).
 */
export function cardRow(product: ProductDocument): ProductCardRow {
  const { verdict, fields } = product;
  const name = cutText(fields.name, TEXT_LIMITS.productName);
  const brand = cutText(fields.brand, TEXT_LIMITS.brand);
  const ingredients = cutText(fields.ingredients, TEXT_LIMITS.ingredients);
  const categories = product.categories
    .slice(0, CATEGORY_COUNT_LIMIT)
    .map((category) => cutText(category, TEXT_LIMITS.category));
  const nutrition = product.off && nutritionVerdict(product.off);
  return {
    id: product.productId,
    name,
    brand,
    barcode: fields.barcode,
    ingredients,
    description: cutText(fields.description, TEXT_LIMITS.description),
    weight: cutText(fields.weight, TEXT_LIMITS.quantity),
    categories: categories.join(', '),
    rating: verdict?.rating ?? null,
    rating_rank: verdict ? ratingRank[verdict.rating] : 0,
    analysis: verdict ? JSON.stringify(verdict.analysis) : null,
    nutrition_warnings: JSON.stringify(nutrition?.warnings ?? []),
    nutrition_levels: JSON.stringify(nutrition ? nutritionLevels(nutrition) : {}),
    dietary_flags: JSON.stringify(
      verdict ? dietaryFlags(ingredients || (verdict.analysis.readFrom?.ingredients ?? '')) : [],
    ),
    // A personal scan's name names nothing (see isPersonalProduct).
    head_noun: product.personalTo === null ? headNoun(name, brand) : '',
    kind_noun: headNoun(categories.at(-1) ?? ''),
    unrated_reason: verdict ? null : product.unratedReason,
    source: product.source,
    corrected_fields: JSON.stringify(product.corrected),
    created_by: product.createdBy,
    created_at: product.createdAt,
    removed: product.status === 'removed',
    personal: product.personalTo !== null,
    user_label: product.userLabel,
  };
}

export function offSourceRow(productId: number, off: OffSnapshot): OffSourceRow {
  return {
    product_id: productId,
    code: off.code,
    barcode_keys: JSON.stringify(off.barcodeKeys),
    nutri_score_grade: off.nutriScoreGrade,
    nova_group: off.novaGroup,
    nutrition: JSON.stringify(off.nutrition),
    quantity: off.quantity,
    categories: JSON.stringify(off.categories),
    image_url: off.imageUrl,
    off_url: off.offUrl,
    last_modified_t: off.lastModifiedT,
    source_format: off.sourceFormat,
  };
}

type OffSourceColumn = Exclude<keyof typeof offSourceColumns, 'product_id'>;

/** The OFF record's columns, as `off_<column>` (null without a record: a left join). */
export type OffColumns = {
  [K in OffSourceColumn as `off_${K}`]: Selectable<ProductOffSourcesTable>[K] | null;
};

type OffSelection = { [K in OffSourceColumn]: `o.${K} as off_${K}` }[OffSourceColumn];

/** A document's columns, read from `product_cards as p` left-joined with `product_off_sources as o`. */
export type DocumentRow = Selectable<Pick<ProductCardsTable, keyof ProductCardRow>> & OffColumns;

/** Select these from `product_cards as p` left-joined with `product_off_sources as o`; `productDocument` reads them. */
export const documentColumns = [
  ...columnNames(productCardColumns).map((column) => `p.${column}` as const),
  ...(columnNames(offSourceColumns).filter((column) => column !== 'product_id') as OffSourceColumn[]).map(
    (column) => `o.${column} as off_${column}` as OffSelection,
  ),
];

/** The document a product's rows hold. */
export function productDocument(row: DocumentRow): ProductDocument {
  const { name, brand, barcode, ingredients, description, weight } = row;
  return {
    status: row.removed ? 'removed' : 'listed',
    productId: row.id,
    fields: { name, brand, barcode, ingredients, description, weight },
    categories: row.categories === '' ? [] : row.categories.split(', '),
    corrected: row.corrected_fields,
    verdict:
      row.rating === null || row.analysis === null ? null : { rating: row.rating, analysis: row.analysis },
    unratedReason: row.unrated_reason,
    personalTo: row.personal ? row.created_by : null,
    userLabel: row.user_label,
    source: row.source,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    off: offSnapshot(row),
  };
}

function offSnapshot(row: OffColumns): OffSnapshot | null {
  if (row.off_code === null) return null;
  return {
    code: row.off_code,
    barcodeKeys: row.off_barcode_keys!,
    nutriScoreGrade: row.off_nutri_score_grade,
    novaGroup: row.off_nova_group,
    nutrition: row.off_nutrition!,
    quantity: row.off_quantity,
    categories: row.off_categories!,
    imageUrl: row.off_image_url,
    offUrl: row.off_off_url!,
    lastModifiedT: Number(row.off_last_modified_t),
    sourceFormat: row.off_source_format!,
  };
}

/** The documents of these products, as their rows hold them. */
export async function loadDocuments(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, ProductDocument>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_cards as p')
    .leftJoin('product_off_sources as o', 'o.product_id', 'p.id')
    .select(documentColumns)
    .where('p.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, productDocument(row)]));
}
