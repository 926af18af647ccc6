import { conflict, notFound, type DomainEvent, type ProductFields } from '@labelwise/domain';
import { assessIngredients } from '@labelwise/domain/products/assess-ingredients';

/** What corrections need to know about a `product-{id}` stream: its current fields and categories. */
export type CorrectableProduct =
  | { status: 'absent' }
  | { status: 'listed' | 'removed'; productId: number; fields: ProductFields; categories: string[] };

export const unknownProduct: CorrectableProduct = { status: 'absent' };

export function evolveCorrectableProduct(state: CorrectableProduct, event: DomainEvent): CorrectableProduct {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, name, brand, barcode, ingredients, description, weight, categories } = event.data;
      return {
        status: 'listed',
        productId,
        fields: { name, brand, barcode, ingredients, description, weight },
        categories: categories ?? [],
      };
    }
    case 'ProductCorrected':
      return state.status === 'absent'
        ? state
        : { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'ProductRemoved':
      return state.status === 'absent' ? state : { ...state, status: 'removed' };
    default:
      return state;
  }
}

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

function listedProduct(state: CorrectableProduct) {
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
 * analyser recomputes it from the (possibly corrected) ingredients.
 */
export function decideCorrection(state: CorrectableProduct, proposed: Partial<ProductFields>): DomainEvent[] {
  const product = listedProduct(state);
  const changes = changedFields(product.fields, proposed);
  if (Object.keys(changes).length === 0) return [];
  const { rating, analysis } = assessIngredients(
    changes.ingredients ?? product.fields.ingredients,
    product.categories,
  );
  return [{ type: 'ProductCorrected', data: { productId: product.productId, changes, rating, analysis } }];
}

export function decideRemoval(state: CorrectableProduct, reason: string): DomainEvent[] {
  const product = listedProduct(state);
  return [{ type: 'ProductRemoved', data: { productId: product.productId, reason } }];
}
