import { z } from 'zod';
import { articlesData } from './articles';
import { concernIngredientsData } from './concern-ingredients';
import { dietaryListsData } from './dietary-keywords';
import { offAdditives } from './generated/off-additives';
import { processingData } from './processing-markers';
import {
  additiveSchema,
  articleSchema,
  concernIngredientSchema,
  dietaryKeySchema,
  dietaryListSchema,
  processingReferenceSchema,
  starterProductSchema,
} from './schemas';
import { starterProductsData } from './starter-products';

/** An array schema whose items must be unique by `key`. */
function uniqueList<T extends z.ZodType>(item: T, key: (value: z.infer<T>) => string | number, what: string) {
  return z.array(item).superRefine((list, ctx) => {
    const seen = new Set<string | number>();
    for (const value of list) {
      const k = key(value);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', message: `duplicate ${what} ${k}` });
      seen.add(k);
    }
  });
}

export const additives = uniqueList(additiveSchema, (a) => a.code, 'additive').parse(offAdditives);

const knownCodes = new Set(additives.map((a) => a.code));
const knownCode = z.string().refine((code) => knownCodes.has(code), 'unknown additive code');

export const concernIngredients = uniqueList(
  concernIngredientSchema.extend({ additiveCode: knownCode.optional() }),
  (c) => c.id,
  'concern ingredient',
).parse(concernIngredientsData);

export const processingReference = processingReferenceSchema.parse(processingData);

export const dietaryLists = uniqueList(
  dietaryListSchema.extend({ codes: z.array(knownCode) }),
  (d) => d.key,
  'dietary list',
)
  .refine((lists) => lists.length === dietaryKeySchema.options.length, 'one list per dietary preference')
  .parse(dietaryListsData);

export const articles = uniqueList(articleSchema, (a) => a.id, 'article').parse(articlesData);

export const starterProducts = uniqueList(starterProductSchema, (p) => p.id, 'product')
  .superRefine((products, ctx) => {
    const barcodes = new Set(products.map((p) => p.barcode));
    if (barcodes.size !== products.length) ctx.addIssue({ code: 'custom', message: 'duplicate barcode' });
  })
  .parse(starterProductsData);
