import { unknownCommand, type Decider } from '../decider';
import type { Rating } from '../events/ratings';
import { conflict, notFound } from '../errors';
import type { ProductEvent } from '../events/catalogue';
import type { AnalysisSummary, ProductFields } from '../events/product-events';
import { assessIngredients } from './assess-ingredients';
import { foldProduct, noProduct, type ProductDocument, type ProductState } from './product-document';

/** Whether `uid` may scan or review the product: listed, and not someone else's personal scan. */
export function isAvailableTo(state: ProductState, uid: string): boolean {
  return state.status === 'listed' && (state.personalTo === null || state.personalTo === uid);
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
  /** A user's answer to 'Share this label with Open Food Facts'. */
  offConsent?: boolean;
}

/** A user gives an unrated product the English ingredient list it lacked. */
export interface ContributeLabel {
  type: 'ContributeLabel';
  ingredients: string;
  contributedBy: string;
  offConsent: boolean;
}

/** A moderator's corrections: the console sends the whole form. */
export interface CorrectProduct {
  type: 'CorrectProduct';
  proposed: Partial<ProductFields>;
}

/**
 * One product's part of a moderator's brand correction: every listed product spelling its brand
 * `from` is to spell it `to`.
 */
export interface CorrectBrand {
  type: 'CorrectBrand';
  from: string;
  to: string;
}

export interface RemoveProduct {
  type: 'RemoveProduct';
  reason: string;
}

/** Rate the product again with the analyser as it is now. */
export interface ReassessProduct {
  type: 'ReassessProduct';
}

export type ProductCommand =
  CreateProduct | ContributeLabel | CorrectProduct | CorrectBrand | RemoveProduct | ReassessProduct;

/**
 * Creates the product unless its stream already exists: two writers racing for one id (the same
 * barcode, or a re-run of the seed) record one product, and the later one decides nothing.
 */
function createProduct(state: ProductState, command: CreateProduct): ProductEvent[] {
  if (state.status !== 'absent') return [];
  const { productId, fields, categories, assessment, createdBy, source, offConsent } = command;
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
        ...(offConsent === undefined ? {} : { offConsent }),
      },
    },
  ];
}

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
export const productNotFound = () => notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND_MESSAGE);

function listedProduct(state: ProductState) {
  if (state.status === 'absent') throw productNotFound();
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
 * A corrected quantity (the weight) is a correction of its own, which leaves the verdict alone.
 */
function correctProduct(state: ProductState, { proposed }: CorrectProduct): ProductEvent[] {
  const product = listedProduct(state);
  const { weight, ...changes } = changedFields(product.fields, proposed);
  const { productId } = product;
  const events: ProductEvent[] = [];
  if (Object.keys(changes).length > 0) {
    events.push({
      type: 'ProductCorrected',
      data: { productId, changes, ...correctedVerdict(product, changes) },
    });
  }
  if (weight !== undefined) {
    events.push({ type: 'ProductQuantityCorrected', data: { productId, quantity: weight } });
  }
  return events;
}

/**
 * Respells the brand of a listed product that still spells it `from`; nothing for any other (a
 * product removed, respelt or corrected to something else meanwhile, or already corrected by an
 * earlier run of the same correction), so running a correction again finishes what a crash left.
 * The ingredients do not change, so neither does the verdict.
 */
function correctBrand(state: ProductState, { from, to }: CorrectBrand): ProductEvent[] {
  if (state.status !== 'listed' || state.fields.brand !== from || from === to) return [];
  return [{ type: 'ProductBrandCorrected', data: { productId: state.productId, brand: to } }];
}

function correctedVerdict(product: ProductDocument, changes: Partial<ProductFields>) {
  if (product.unratedReason !== null && changes.ingredients === undefined) {
    return { rating: null, analysis: null };
  }
  return assessProduct(product, changes.ingredients ?? product.fields.ingredients);
}

/**
 * The verdict on a product's ingredients as the analyser reads them now; a product without an
 * English list whose verdict was read from Open Food Facts' ingredient analysis is read from the
 * same English list again.
 */
function assessProduct(product: ProductDocument, ingredients: string) {
  const readFrom = product.verdict?.analysis.readFrom;
  if (ingredients === '' && readFrom) {
    return assessIngredients(readFrom.ingredients, product.categories, readFrom);
  }
  return assessIngredients(ingredients, product.categories);
}

/**
 * Whether the product still lacks an English list: unrated, or rated only from Open Food Facts'
 * ingredient analysis of a list in another language (which a label as printed reads better).
 */
export function lacksEnglishLabel(product: Pick<ProductDocument, 'verdict' | 'fields'>): boolean {
  return (
    product.verdict === null || (product.fields.ingredients === '' && !!product.verdict.analysis.readFrom)
  );
}

/**
 * Rates the English label a user gives a product without one, with the server's analyser. Once
 * the product has a verdict from an English list (another user's label came first, or a moderator
 * gave its ingredients), that one stands and nothing is recorded.
 */
function contributeLabel(state: ProductState, command: ContributeLabel): ProductEvent[] {
  const product = listedProduct(state);
  if (!isAvailableTo(product, command.contributedBy)) throw productNotFound();
  if (!lacksEnglishLabel(product)) return [];
  const { ingredients, contributedBy, offConsent } = command;
  const { rating, analysis } = assessIngredients(ingredients, product.categories);
  return [
    {
      type: 'ProductLabelContributed',
      data: { productId: product.productId, ingredients, rating, analysis, contributedBy, offConsent },
    },
  ];
}

function removeProduct(state: ProductState, { reason }: RemoveProduct): ProductEvent[] {
  const product = listedProduct(state);
  return [{ type: 'ProductRemoved', data: { productId: product.productId, reason } }];
}

/**
 * A verdict is recorded when a product is created, imported or corrected, so a later change of the
 * analyser reaches a product only through this: its current ingredients (a moderator's correction
 * included) rated again. Nothing when the verdict stands, and nothing for a product that is
 * removed or unrated (no English ingredients: no rating is made up from nothing).
 */
function reassessProduct(state: ProductState): ProductEvent[] {
  if (state.status !== 'listed' || state.verdict === null) return [];
  const { rating, analysis } = assessProduct(state, state.fields.ingredients);
  if (sameJson({ rating, analysis }, state.verdict)) return [];
  return [{ type: 'ProductReassessed', data: { productId: state.productId, rating, analysis } }];
}

/** Equal as JSON, whatever the order of their keys (a verdict read back from jsonb has its own). */
const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const canonicalJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );

/** The `product-{id}` aggregate: created by users and the seed, imported and updated from OFF, given an English label by users; corrected (one by one, or a brand's spelling across the catalogue) and removed by moderators; reassessed when the analyser changes. */
export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  decide(command, state) {
    switch (command.type) {
      case 'CreateProduct':
        return createProduct(state, command);
      case 'ContributeLabel':
        return contributeLabel(state, command);
      case 'CorrectProduct':
        return correctProduct(state, command);
      case 'CorrectBrand':
        return correctBrand(state, command);
      case 'RemoveProduct':
        return removeProduct(state, command);
      case 'ReassessProduct':
        return reassessProduct(state);
      default:
        return unknownCommand(command);
    }
  },
  evolve: foldProduct,
  initialState: noProduct,
};
