/**
 * The longest each text Labelwise keeps may be, in UTF-16 code units (what `maxLength` and
 * `String.length` count), whoever gives it: a user is refused beyond it, an Open Food Facts import
 * is cut to it, and a read model cuts an older event's text to it. Each fits what the read models
 * index: a B-tree entry holds at most 2,704 bytes (a name's search key, a product's kind) and a
 * tsvector 1 MB, and 200 units are at most 800 bytes of UTF-8.
 */
export const TEXT_LIMITS = {
  productName: 200,
  brand: 200,
  ingredients: 5000,
  description: 2000,
  /** A product's weight or quantity ("500 g"). */
  quantity: 50,
  /** One category word ("breakfast cereals"). */
  category: 100,
  reviewTitle: 100,
  reviewComment: 1000,
  /** The name the identity provider gives a user. */
  displayName: 100,
  /** A moderator's or administrator's reason (a hidden review, a suspension, a deletion). */
  reason: 500,
  articleTitle: 200,
  articleSummary: 500,
  articleCategory: 100,
  articleContent: 50_000,
  imageUrl: 500,
  searchQuery: 200,
} as const;

/** The most categories a product keeps (Open Food Facts lists them general to specific; 15 is already many). */
export const CATEGORY_COUNT_LIMIT = 40;
