import { z } from 'zod';

export const severitySchema = z.enum(['low', 'medium', 'high']);
export type Severity = z.infer<typeof severitySchema>;

/** The category of a concern. */
export const concernCategorySchema = z.enum([
  'additive',
  'preservative',
  'colour',
  'sweetener',
  'flavour',
  'other',
  'pesticide',
  'microplastic',
]);
export type ConcernCategory = z.infer<typeof concernCategorySchema>;

export const functionalClassSchema = z.enum([
  'colour',
  'preservative',
  'antioxidant',
  'sweetener',
  'flavour enhancer',
  'emulsifier',
  'stabiliser',
  'thickener',
  'humectant',
  'sequestrant',
  'acidity regulator',
  'raising agent',
  'anti-caking agent',
  'glazing agent',
  'flour treatment agent',
  'gas',
  'carrier',
  'enzyme',
  'modified starch',
  'firming agent',
  'foaming agent',
  'other',
]);
export type FunctionalClass = z.infer<typeof functionalClassSchema>;

/** A lower-case phrase as it appears on labels ("soy lecithin", "yellow 5"). */
const labelPhrase = z
  .string()
  .min(2)
  .refine((s) => s === s.toLowerCase() && s.trim() === s, 'phrases are trimmed and lower-case');

/** E-number, e.g. E102, E150d, E322i; E14xx is the family of modified starches. */
export const eNumberSchema = z.string().regex(/^E(\d{3,4}[a-z]{0,4}|14xx)$/);

export const additiveSchema = z.strictObject({
  code: eNumberSchema,
  name: z.string().min(2),
  /** Names seen on labels that identify this additive without its number. */
  names: z.array(labelPhrase),
  functionalClass: functionalClassSchema,
  category: concernCategorySchema,
  severity: severitySchema,
  reason: z.string().min(10).max(240),
  /** EFSA's opinion on it (from the OFF taxonomy), when there is one. */
  source: z.url().nullable(),
  /** NOVA group whose additive markers list this code in Open Food Facts (3 or 4), else null. */
  novaGroup: z.union([z.literal(3), z.literal(4)]).nullable(),
});
export type Additive = z.infer<typeof additiveSchema>;

export const concernIngredientSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(2),
  names: z.array(labelPhrase).min(1),
  /** Phrases that contain one of the names but are not this ingredient ("palm sugar"). */
  exceptions: z.array(labelPhrase),
  reason: z.string().min(10).max(240),
  severity: severitySchema,
  category: concernCategorySchema,
  additiveCode: eNumberSchema.optional(),
});
export type ConcernIngredient = z.infer<typeof concernIngredientSchema>;

export const novaMarkersSchema = z.strictObject({
  '2': z.strictObject({ categories: z.array(z.string()) }),
  '3': z.strictObject({
    ingredients: z.array(z.string()),
    categories: z.array(z.string()),
    additives: z.array(z.string()),
  }),
  '4': z.strictObject({ ingredients: z.array(z.string()), additives: z.array(z.string()) }),
});
export type NovaMarkers = z.infer<typeof novaMarkersSchema>;

/** One signal the analyser looks for, with the label phrases that express it. */
export const markerSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The Open Food Facts taxonomy tag this marker stands for, when it comes from OFF. */
  offTag: z.string().optional(),
  phrases: z.array(labelPhrase).min(1),
});
export type Marker = z.infer<typeof markerSchema>;

export const stapleSchema = z.enum(['flour', 'starch', 'oil', 'sugar', 'salt', 'vinegar']);
export type Staple = z.infer<typeof stapleSchema>;

/** The kinds of kitchen ingredient (NOVA group 2) a label can name. */
export const culinaryKindSchema = z.enum(['salt', 'sugar', 'fat', 'starch', 'vinegar']);
export type CulinaryKind = z.infer<typeof culinaryKindSchema>;

export const processingReferenceSchema = z.strictObject({
  /** Key ultra-processed markers: any one makes the product ultra-processed. */
  ultraProcessedMarkers: z.array(markerSchema),
  /** Additive codes that are ultra-processed markers (OFF NOVA 4 additives). */
  ultraProcessedAdditiveCodes: z.array(eNumberSchema),
  /** Processing terms: each distinct term counts once; 1 → moderate, 3 → high. */
  processingTerms: z.array(markerSchema),
  /** Additive codes that count as a processing term (OFF NOVA 3 additives), by term id. */
  processingTermAdditiveCodes: z.record(z.string(), z.array(eNumberSchema)),
  /** Culinary processing words (dried, smoked, ...): any one makes the product at least moderate. */
  processingWords: z.array(labelPhrase),
  staples: z.record(stapleSchema, z.array(labelPhrase)),
  /**
   * Culinary ingredients OFF counts as NOVA 3 markers (salt, added oils and fats, butter, starch,
   * honey, maple syrup, sugar, vinegar), by kind: added to another food they make it a processed food.
   */
  culinaryAdditions: z.record(culinaryKindSchema, z.array(labelPhrase)),
  /**
   * Water, spices and herbs: a kitchen ingredient sold with them is still that ingredient ("creamed
   * honey, cinnamon", "sweet potato starch, water"), not a food with the ingredient added.
   */
  kitchenCompanions: z.array(labelPhrase),
  /**
   * What a kind of kitchen ingredient is made from or holds of its own (a vinegar's grape must,
   * fruit or caramel, a honey's comb or pollen); such a part may even come first on the label.
   */
  kitchenParts: z.record(culinaryKindSchema, z.array(labelPhrase)),
  /** Foods whose names contain a culinary word but are not one ("sugar snap peas"). */
  culinaryExceptions: z.array(labelPhrase),
  /** Ground nuts or seeds named butter ("peanut butter"): a fat, but not added butter. */
  nutButters: z.array(labelPhrase),
  /** Categories whose products are themselves culinary ingredients (OFF NOVA 2), where the above do not count. */
  culinaryCategories: z.array(labelPhrase),
  fatWords: z.array(labelPhrase),
  sugarWords: z.array(labelPhrase),
  saltWords: z.array(labelPhrase),
  /**
   * Vitamins and minerals added by law or to restore nutrients (calcium carbonate and iron in
   * UK flour, vitamin D in milk, "vitamin C" named as such): neither processing nor a concern.
   * Only added vitamins make a fortified formulation: a mineral salt alone (calcium carbonate in
   * a self-raising flour, a leavening buffer) does not.
   */
  fortificants: z.strictObject({ vitamins: z.array(labelPhrase), minerals: z.array(labelPhrase) }),
  /**
   * Coagulants and firming agents of traditional foods (calcium sulphate or glucono-delta-lactone
   * in tofu, nigari): culinary, not ultra-processing; with one named, "firming agent" is no marker.
   */
  traditionalCoagulants: z.array(labelPhrase),
  /** Why-clauses ("to protect flavour") whose words are not markers: "flavour" there is not a flavouring. */
  purposePhrases: z.array(labelPhrase),
  /** Product categories that are at least processed foods (OFF NOVA 3 categories and kin). */
  processedFoodCategories: z.array(labelPhrase),
});
export type ProcessingReference = z.infer<typeof processingReferenceSchema>;

export const dietaryKeySchema = z.enum([
  'noArtificialSweeteners',
  'noPalmOil',
  'organic',
  'noGluten',
  'noDairy',
  'noNuts',
  'noSoy',
  'noMSG',
  'noENumbers',
]);
export type DietaryKey = z.infer<typeof dietaryKeySchema>;

export const dietaryListSchema = z.strictObject({
  key: dietaryKeySchema,
  label: z.string().min(2),
  /** What the alert says the text contains, e.g. "dairy". */
  noun: z.string().min(2),
  keywords: z.array(labelPhrase),
  /** Phrases that contain a keyword but do not count ("cocoa butter", "rice flour"). */
  exceptions: z.array(labelPhrase),
  /** Additive codes that count for this preference. */
  codes: z.array(eNumberSchema),
});
export type DietaryList = z.infer<typeof dietaryListSchema>;

export const articleSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string().min(5),
  summary: z.string().min(20).max(300),
  imageUrl: z.string().regex(/^\/articles\/[a-z0-9-]+\.svg$/),
  category: z.string().min(3),
  content: z.string().min(1500),
});
export type Article = z.infer<typeof articleSchema>;

export const starterProductSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(2),
  brand: z.string().min(2),
  barcode: z.string().regex(/^\d{13}$/),
  ingredients: z.string().min(3),
  description: z.string().min(10),
  weight: z.string().min(2),
  categories: z.array(z.string().min(2)).min(1),
});
export type StarterProduct = z.infer<typeof starterProductSchema>;
