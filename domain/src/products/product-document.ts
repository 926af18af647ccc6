import type { Rating } from '../events/ratings';
import type { Recorded } from '../decider';
import type { ProductEvent } from '../events/catalogue';
import type { ImportedProduct, OffProductSource, UnratedReason } from '../events/import-events';
import type { AnalysisSummary, ProductFields } from '../events/product-events';
import {
  applySourceUpdate,
  importedProductFields,
  labelFromCreator,
  withCorrected,
  type ProductField,
} from './imported-product';
import { isPersonalProduct } from './personal-product';

/** The server's verdict on a product's ingredients, as last recorded. */
export interface ProductVerdict {
  rating: Rating;
  analysis: AnalysisSummary;
}

/** Where a product came from: 'off' for an Open Food Facts import. */
export type ProductSource = 'starter' | 'user' | 'admin' | 'off';

/** What Open Food Facts' latest record of a product says beside our fields (its OFF block, its barcode keys). */
export type OffSnapshot = Omit<
  OffProductSource,
  'name' | 'brand' | 'ingredientsText' | 'unratedReason' | 'offIngredients'
>;

/**
 * A `product-{id}` stream's document: what the decider decides on and what the product page, the
 * cards and the console show. Its fields and categories, the fields a moderator corrected (a later
 * import never overwrites them), its verdict and, for an imported product without English
 * ingredients (no verdict), why it is unrated; where it came from and when, and OFF's latest record.
 */
export interface ProductDocument {
  status: 'listed' | 'removed';
  productId: number;
  fields: ProductFields;
  categories: string[];
  corrected: ProductField[];
  verdict: ProductVerdict | null;
  unratedReason: UnratedReason | null;
  /** The user a personal product (a scan without a real name) belongs to; null when it is in the catalogue. */
  personalTo: string | null;
  /**
   * Its ingredients are an English label a user gave: typed or confirmed when they created it, or
   * contributed to an unrated import. Later exports leave them (and their verdict) as they are.
   */
  userLabel: boolean;
  source: ProductSource;
  createdBy: string | null;
  /** When the stream's first event was recorded (its creation or import). */
  createdAt: string;
  off: OffSnapshot | null;
}

export type ProductState = { status: 'absent' } | ProductDocument;

export const noProduct: ProductState = { status: 'absent' };

/** The verdict an event records: none when it leaves the product unrated. */
const verdictOf = (data: {
  rating: Rating | null;
  analysis: AnalysisSummary | null;
}): ProductVerdict | null =>
  data.rating === null || data.analysis === null ? null : { rating: data.rating, analysis: data.analysis };

function offSnapshotOf(product: ImportedProduct): OffSnapshot {
  const { code, barcodeKeys, novaGroup, nutriScoreGrade, nutrition, quantity, categories } = product;
  const { imageUrl, lastModifiedT, offUrl, sourceFormat } = product;
  return {
    code,
    barcodeKeys,
    novaGroup,
    nutriScoreGrade,
    nutrition,
    quantity,
    categories,
    imageUrl,
    lastModifiedT,
    offUrl,
    sourceFormat,
  };
}

/** A correction that leaves the verdict alone: the fields set and marked corrected, so an import keeps them. */
const withFieldCorrected = (product: ProductDocument, changes: Partial<ProductFields>): ProductDocument => ({
  ...product,
  fields: { ...product.fields, ...changes },
  corrected: withCorrected(product.corrected, changes),
});

/**
 * The one fold of a product's events, wherever its document is needed: the decider's state, the
 * read models that show the product, the answer a command gives from the stream.
 */
export function foldProduct(state: ProductState, event: Recorded<ProductEvent>): ProductState {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, name, brand, barcode, ingredients, description, weight, categories } = event.data;
      const { createdBy, source } = event.data;
      return {
        status: 'listed',
        productId,
        fields: { name, brand, barcode, ingredients, description, weight },
        categories: categories ?? [],
        corrected: [],
        verdict: verdictOf(event.data),
        unratedReason: null,
        personalTo: isPersonalProduct(event.data) ? createdBy : null,
        userLabel: labelFromCreator(event.data),
        source,
        createdBy,
        createdAt: event.metadata.at,
        off: null,
      };
    }
    case 'ProductImported':
    case 'ProductUpdatedFromSource': {
      const { productId, categories, unratedReason } = event.data;
      const off = offSnapshotOf(event.data);
      if (state.status === 'absent') {
        return {
          status: 'listed',
          productId,
          fields: importedProductFields(event.data),
          categories,
          corrected: [],
          verdict: verdictOf(event.data),
          unratedReason,
          personalTo: null,
          userLabel: false,
          source: 'off',
          createdBy: null,
          createdAt: event.metadata.at,
          off,
        };
      }
      const { fields, unratedReason: reason, keepsVerdict } = applySourceUpdate(state, event.data);
      return {
        ...state,
        fields,
        categories,
        verdict: keepsVerdict ? state.verdict : verdictOf(event.data),
        unratedReason: reason,
        off,
      };
    }
    case 'ProductCorrected': {
      if (state.status === 'absent') return state;
      const { changes, rating } = event.data;
      return {
        ...state,
        fields: { ...state.fields, ...changes },
        corrected: withCorrected(state.corrected, changes),
        verdict: verdictOf(event.data),
        unratedReason: rating === null ? state.unratedReason : null,
      };
    }
    case 'ProductQuantityCorrected':
      return state.status === 'absent' ? state : withFieldCorrected(state, { weight: event.data.quantity });
    case 'ProductBrandCorrected':
      return state.status === 'absent' ? state : withFieldCorrected(state, { brand: event.data.brand });
    case 'ProductLabelContributed': {
      if (state.status === 'absent') return state;
      const { ingredients } = event.data;
      return {
        ...state,
        fields: { ...state.fields, ingredients },
        verdict: verdictOf(event.data),
        unratedReason: null,
        userLabel: true,
      };
    }
    case 'ProductReassessed':
      return state.status === 'absent' ? state : { ...state, verdict: verdictOf(event.data) };
    case 'ProductRemoved':
      return state.status === 'absent' ? state : { ...state, status: 'removed' };
    default:
      event satisfies never;
      return state;
  }
}
