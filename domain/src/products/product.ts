import { unknownCommand, type Decider } from '../decider';
import type { Rating } from '../contracts/rating';
import { conflict, notFound } from '../errors';
import type { ProductEvent } from '../events/catalogue';
import type { AnalysisSummary, ProductFields } from '../events/product-events';
import type { UnratedReason } from '../events/import-events';
import { assessIngredients } from './assess-ingredients';
import { isPersonalProduct } from './personal-product';
import {
  applySourceUpdate,
  importedProductFields,
  withCorrected,
  type ProductField,
} from './imported-product';

/**
 * What the write side knows about a `product-{id}` stream: whether it is listed, its fields and
 * categories, the fields a moderator corrected (a later import never overwrites them) and, for an
 * imported product without English ingredients, why it is unrated.
 */
export type ProductState =
  | { status: 'absent' }
  | {
      status: 'listed' | 'removed';
      productId: number;
      fields: ProductFields;
      categories: string[];
      corrected: ProductField[];
      unratedReason: UnratedReason | null;
      /** The user a personal product (a scan without a real name) belongs to; null when it is in the catalogue. */
      personalTo: string | null;
    };

export const noProduct: ProductState = { status: 'absent' };

/** Whether `uid` may scan or review the product: listed, and not someone else's personal scan. */
export function isAvailableTo(state: ProductState, uid: string): boolean {
  return state.status === 'listed' && (state.personalTo === null || state.personalTo === uid);
}

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, name, brand, barcode, ingredients, description, weight, categories } = event.data;
      return {
        status: 'listed',
        productId,
        fields: { name, brand, barcode, ingredients, description, weight },
        categories: categories ?? [],
        corrected: [],
        unratedReason: null,
        personalTo: isPersonalProduct(event.data) ? event.data.createdBy : null,
      };
    }
    case 'ProductImported':
    case 'ProductUpdatedFromSource': {
      const { productId, categories, unratedReason } = event.data;
      if (state.status === 'absent') {
        const fields = importedProductFields(event.data);
        return {
          status: 'listed',
          productId,
          fields,
          categories,
          corrected: [],
          unratedReason,
          personalTo: null,
        };
      }
      const { fields, corrected, unratedReason: reason } = applySourceUpdate(state, event.data);
      return { ...state, fields, categories, corrected: [...corrected], unratedReason: reason };
    }
    case 'ProductCorrected': {
      if (state.status === 'absent') return state;
      const { changes, rating } = event.data;
      return {
        ...state,
        fields: { ...state.fields, ...changes },
        corrected: withCorrected(state.corrected, changes),
        unratedReason: rating === null ? state.unratedReason : null,
      };
    }
    case 'ProductRemoved':
      return state.status === 'absent' ? state : { ...state, status: 'removed' };
    default:
      event satisfies never;
      return state;
  }
}

export interface CreateProduct {
  type: 'CreateProduct';
  productId: number;
  fields: ProductFields;
  /** Product category words, when known (starter data); they inform the analysis and similar products. */
  categories?: string[];
  assessment: { rating: Rating; analysis: AnalysisSummary };
  createdBy: string | null;
  source: 'starter' | 'user' | 'admin';
}

/** A moderator's corrections: the console sends the whole form. */
export interface CorrectProduct {
  type: 'CorrectProduct';
  proposed: Partial<ProductFields>;
}

export interface RemoveProduct {
  type: 'RemoveProduct';
  reason: string;
}

export type ProductCommand = CreateProduct | CorrectProduct | RemoveProduct;

/**
 * Creates the product unless its stream already exists: two writers racing for one id (the same
 * barcode, or a re-run of the seed) record one product, and the later one decides nothing.
 */
function createProduct(state: ProductState, command: CreateProduct): ProductEvent[] {
  if (state.status !== 'absent') return [];
  const { productId, fields, categories, assessment, createdBy, source } = command;
  return [
    {
      type: 'ProductCreated',
      data: {
        productId,
        ...fields,
        ...(categories?.length ? { categories } : {}),
        rating: assessment.rating,
        analysis: assessment.analysis,
        createdBy,
        source,
      },
    },
  ];
}

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

function listedProduct(state: ProductState) {
  if (state.status === 'absent') throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND_MESSAGE);
  if (state.status === 'removed') throw conflict('PRODUCT_REMOVED', 'This product has been removed.');
  return state;
}

/** The fields that really change (the console sends the whole form). */
export function changedFields(
  current: ProductFields,
  proposed: Partial<ProductFields>,
): Partial<ProductFields> {
  return Object.fromEntries(
    Object.entries(proposed).filter(([field, value]) => value !== current[field as keyof ProductFields]),
  ) as Partial<ProductFields>;
}

/**
 * Corrects a listed product. The rating is never taken from the moderator: the server's
 * analyser recomputes it from the (possibly corrected) ingredients. An unrated imported product
 * stays unrated until a moderator gives it ingredients: no rating is made up from nothing.
 */
function correctProduct(state: ProductState, { proposed }: CorrectProduct): ProductEvent[] {
  const product = listedProduct(state);
  const changes = changedFields(product.fields, proposed);
  if (Object.keys(changes).length === 0) return [];
  const { productId } = product;
  if (product.unratedReason !== null && changes.ingredients === undefined) {
    return [{ type: 'ProductCorrected', data: { productId, changes, rating: null, analysis: null } }];
  }
  const { rating, analysis } = assessIngredients(
    changes.ingredients ?? product.fields.ingredients,
    product.categories,
  );
  return [{ type: 'ProductCorrected', data: { productId, changes, rating, analysis } }];
}

function removeProduct(state: ProductState, { reason }: RemoveProduct): ProductEvent[] {
  const product = listedProduct(state);
  return [{ type: 'ProductRemoved', data: { productId: product.productId, reason } }];
}

/** The `product-{id}` aggregate: created by users and the seed, imported and updated from OFF; corrected and removed by moderators. */
export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  decide(command, state) {
    switch (command.type) {
      case 'CreateProduct':
        return createProduct(state, command);
      case 'CorrectProduct':
        return correctProduct(state, command);
      case 'RemoveProduct':
        return removeProduct(state, command);
      default:
        return unknownCommand(command);
    }
  },
  evolve: evolveProduct,
  initialState: noProduct,
};
