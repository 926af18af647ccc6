/** The kinds of food a tile without a photo is drawn as. */
export type FoodKind =
  | 'dairy'
  | 'bakery'
  | 'cereal'
  | 'nuts'
  | 'oil'
  | 'fruit'
  | 'vegetables'
  | 'drink'
  | 'sweets'
  | 'meat'
  | 'fish'
  | 'eggs'
  | 'other';

/** Words naming each kind; the first kind with a word in the category (else the name) wins. */
const KIND_WORDS: Array<[FoodKind, RegExp]> = [
  ['drink', /\b(drinks?|beverages?|water|juice|cola|soda|lemonade|tea|coffee|smoothie|squash|milkshake)\b/],
  [
    'sweets',
    /\b(sweets?|candy|chocolates?|confectionery|biscuits?|cookies?|cakes?|crisps|chips|snacks?|jelly|chews|gummies|ice cream)\b/,
  ],
  ['cereal', /\b(cereals?|oats?|granola|muesli|porridge|flakes|rice|pasta|quinoa|grains?)\b/],
  ['nuts', /\b(nuts?|peanuts?|almonds?|cashews?|walnuts?|hazelnuts?|seeds?)\b/],
  ['dairy', /\b(dairy|milk|yogh?urts?|cheeses?|butter|cream|kefir|skyr)\b/],
  ['bakery', /\b(bakery|breads?|sourdough|loaf|bagels?|rolls?|croissants?|wraps?|pastry|baguette)\b/],
  ['oil', /\b(oils?|olive|vinegar|dressing)\b/],
  [
    'fruit',
    /\b(fruits?|apples?|bananas?|berr(y|ies)|strawberr(y|ies)|raspberr(y|ies)|jam|compote|conserve|preserve|orange|citrus|grapes?|raisins?)\b/,
  ],
  ['vegetables', /\b(vegetables?|veg|salad|tomato(es)?|carrots?|beans?|lentils?|peas|spinach|soup|hummus)\b/],
  ['fish', /\b(fish|salmon|tuna|cod|mackerel|sardines?|prawns?|seafood)\b/],
  ['meat', /\b(meat|beef|pork|ham|bacon|chicken|turkey|sausages?|lamb)\b/],
  ['eggs', /\beggs?\b/],
];

function kindIn(text: string): FoodKind | null {
  const lower = text.toLowerCase();
  return KIND_WORDS.find(([, words]) => words.test(lower))?.[0] ?? null;
}

/** The product's kind from its category when known, else from its name. */
export function foodKind(name: string, category?: string | null): FoodKind {
  return (category ? kindIn(category) : null) ?? kindIn(name) ?? 'other';
}
