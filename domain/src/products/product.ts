import type { Rating } from '../contracts/rating';
import type { DomainEvent } from '../events/catalogue';
import type { AnalysisSummary, ProductFields } from '../events/product-events';

/** What the write side needs to know about a `product-{id}` stream. */
export type ProductState = { status: 'absent' } | { status: 'listed' | 'removed'; productId: number };

export const noProduct: ProductState = { status: 'absent' };

export function evolveProduct(state: ProductState, event: DomainEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated':
      return { status: 'listed', productId: event.data.productId };
    case 'ProductRemoved':
      return state.status === 'absent' ? state : { ...state, status: 'removed' };
    default:
      return state;
  }
}

export interface CreateProduct {
  productId: number;
  fields: ProductFields;
  /** Product category words, when known (starter data); they inform the analysis and similar products. */
  categories?: string[];
  assessment: { rating: Rating; analysis: AnalysisSummary };
  createdBy: string | null;
  source: 'starter' | 'user' | 'admin';
}

/**
 * Creates the product unless its stream already exists: two writers racing for one id (the same
 * barcode, or a re-run of the seed) record one product, and the later one decides nothing.
 */
export function decideCreateProduct(state: ProductState, command: CreateProduct): DomainEvent[] {
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
