/**
 * What kind of food a product's name says it is: the head noun of the name ("crisps" in "Sea
 * Salt Potato Crisps", "spread" in "Hazelnut Spread with Cocoa"), singular and lower-case, or ''
 * when the name says none. Similar products and search compare products by it where Open Food
 * Facts' categories say nothing.
 *
 * English puts the head last in a noun phrase, so it is the last word of the name's first part,
 * once the brand, what follows a qualifier ("with", "no added sugar", " - ") and words that
 * describe rather than name ("original", "smooth") are set aside. A few heads name a different
 * food with each word before them (peanut butter is no butter, ice cream no cream): for those the
 * head is both words.
 */
export function headNoun(name: string, brand = ''): string {
  const words = mainPhrase(withoutBrand(name, brand));
  while (words.length > 0 && !isNoun(words.at(-1)!)) words.pop();
  const last = words.at(-1);
  if (!last) return '';
  const head = singular(last);
  const before = words.at(-2);
  return BOUND_HEADS.has(head) && before && isNoun(before) ? `${singular(before)} ${head}` : head;
}

/** A word that may name a food: three letters or more, no figure or unit, no describing word. */
const isNoun = (word: string) => /^[a-z]{3,}$/.test(word) && !DESCRIBING_WORDS.has(word);

/** Heads whose food changes with the word before them: butter beans, peanut butter, ice cream. */
const BOUND_HEADS = new Set([
  'bar',
  'bean',
  'butter',
  'cake',
  'cream',
  'drink',
  'milk',
  'paste',
  'powder',
  'roll',
  'sauce',
  'stick',
  'water',
]);

/** Last words that say how, not what: "Peanut Butter Smooth", "Pringles Original". */
const DESCRIBING_WORDS = new Set([
  'bio',
  'chopped',
  'classic',
  'crunchy',
  'diced',
  'dried',
  'edition',
  'family',
  'flavor',
  'flavored',
  'flavour',
  'flavoured',
  'fresh',
  'frozen',
  'ground',
  'large',
  'light',
  'lite',
  'mild',
  'mini',
  'natural',
  'new',
  'organic',
  'original',
  'pack',
  'plain',
  'roasted',
  'salted',
  'sliced',
  'small',
  'smooth',
  'style',
  'sweetened',
  'toasted',
  'unsalted',
  'unsweetened',
  'whole',
]);

/** Words after which a name qualifies what it named: "Jam No Added Sugar", "Spread with Cocoa". */
const QUALIFIERS = new Set([
  'with',
  'without',
  'no',
  'in',
  'reduced',
  'extra',
  'less',
  'low',
  'high',
  'made',
]);

/** The name's first part naming a food, as lower-case words: separators and qualifiers end it. */
function mainPhrase(name: string): string[] {
  const parts = normalised(name)
    .replace(/\b[a-z]+[- ](free|style)\b/g, ' ')
    .split(/\s[-–]\s|[,(/:;|+&]/);
  for (const part of parts) {
    const words: string[] = [];
    for (const word of part.split(/[^a-z0-9']+/).filter(Boolean)) {
      if (QUALIFIERS.has(word) && words.length > 0) break;
      words.push(word.replace(/'s?$/, ''));
    }
    // A part that is one word followed by more parts is usually a brand or a maker ("Lagg's, herbal tea").
    if (words.some((word) => /^[a-z]{3,}$/.test(word)) && (words.length > 1 || part === parts.at(-1)))
      return words;
  }
  return [];
}

/** The name without its brand, where the name repeats it. */
function withoutBrand(name: string, brand: string): string {
  const key = normalised(brand).trim();
  if (key.length < 3) return name;
  const text = normalised(name);
  const at = text.indexOf(key);
  return at < 0 ? text : `${text.slice(0, at)} ${text.slice(at + key.length)}`;
}

/** Lower-case, accents and typographic apostrophes folded. */
function normalised(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[’`]/g, "'").toLowerCase();
}

/**
 * A key the singular and plural of a noun share ("crisps" and "crisp", "berries" and "berry",
 * "cookies" and "cookie" all give one key), by the regular English endings.
 */
function singular(word: string): string {
  const stem = /(ch|sh|ss|x|zz)es$|[^aeiou]oes$/.test(word)
    ? word.slice(0, -2)
    : /[^su]s$/.test(word)
      ? word.slice(0, -1)
      : word;
  return stem.replace(/ie$/, 'y');
}
