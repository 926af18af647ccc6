/**
 * Is an ingredient list written in English? Needed for OFF's CSV export, which has no language
 * column: its `ingredients_text` is the English text when the product has one and otherwise the
 * text in the product's main language. (JSONL documents say it: `ingredients_text_en`, `lang`.)
 *
 * The rule, kept small and predictable:
 * - words are counted as English or foreign from the short lists below (a word in both, such as
 *   `salt` or `water`, counts for neither); a word with letters outside a-z (accents, other
 *   scripts) is foreign unless listed as English (`crème`, `jalapeño`);
 * - each ingredient tag OFF could not recognise keeps its text's language prefix (`fr:...`,
 *   `de:...`): each such non-`en:` tag is one more foreign vote;
 * - English when the English count beats the foreign one; when neither list knows a word
 *   (`Cauliflower.`, `Curcuma.`), English only for products sold in an English-speaking country.
 */

const ENGLISH = new Set(
  `and with of or from contains contain may less than more natural naturally artificial flavor flavors
  flavour flavours flavoring flavouring colour color colours colors added sugar sugars salt sea water
  flour wheat whole grain grains milk skimmed skim powder powdered oil oils vegetable vegetables
  sunflower rapeseed canola palm soybean soybeans soy corn rice oats oat barley rye cocoa butter
  cream cheese egg eggs yolk honey syrup glucose fructose dextrose starch modified maltodextrin
  yeast extract extracts vinegar spices spice herbs garlic onion onions tomato tomatoes pepper
  peppers black red green white brown dried roasted smoked cured cooked toasted lightly unsweetened
  sweetened concentrate juice fruit fruits apple apples lemon lime strawberry strawberries
  raspberry raspberries cherry cherries banana grape grapes pineapple mango peach pear pears
  berries blueberries dates raisins nuts peanut peanuts almond almonds hazelnut hazelnuts cashew
  cashews walnut walnuts pecans pistachios seeds sesame beans bean chickpeas lentils peas potato
  potatoes carrot carrots cabbage cauliflower broccoli spinach mushroom mushrooms pork beef chicken
  turkey lamb meat fish salmon tuna shrimp prawn prawns bacon ham sausage steak braising gelatin
  gelatine chocolate orange dark semi sweet baking caramelized thyme rosemary basil parsley oregano
  cinnamon ginger vanilla nutmeg mustard ketchup mayonnaise dressing sauce stock broth acid citric
  ascorbic lactic acetic sodium potassium calcium magnesium iron zinc vitamin vitamins minerals
  mineral folic niacin thiamine riboflavin phosphate citrate carbonate chloride bicarbonate
  nitrite nitrate benzoate sorbate lecithin emulsifier emulsifiers stabilizer stabiliser
  stabilizers stabilisers thickener preservative preservatives antioxidant acidity regulator
  raising agent agents gum xanthan guar pectin carrageenan enriched bleached unbleached
  pasteurized pasteurised homogenized cultures culture live active enzymes rennet whey lactose
  protein proteins isolate fiber fibre hydrogenated partially refined bleached deodorized
  expeller pressed virgin extra organic free range ingredients ingredient allergy advice allergens
  see bold including traces trace also made in factory handles processed same equipment contains
  for keep container full cold store after opening best before serving per each`.split(/\s+/),
);

const ENGLISH_ACCENTED = new Set(['crème', 'purée', 'jalapeño', 'jalapeños', 'café', 'sautéed', 'fraîche']);

const FOREIGN = new Set(
  // French
  (
    `et de du des la le les au aux à avec sucre sel eau farine lait huile huiles blé beurre crème viande
  poudre arôme arômes naturel naturels jus origine porc boeuf bœuf oeuf oeufs œuf œufs levure amidon
  épices poivre ail oignon oignons tomates pommes pomme fraise framboise sirop colorant acidifiant
  conservateur émulsifiant correcteur acide graisse végétale végétales issu agriculture biologique
  ` +
    // German
    `und mit zucker salz wasser mehl milch öl weizen sahne fleisch gewürze gewürz hefe aus von
  speisesalz trinkwasser säuerungsmittel farbstoff aroma aromen natürliches enthält kann spuren
  ` +
    // Spanish, Portuguese, Italian, Catalan
    `y con azúcar agua harina leche aceite trigo del manteca huevo maíz arroz sin conservador
  açúcar água farinha leite óleo ovo com da do dos
  e zucchero acqua farina latte olio grano di della dello pollo carne sale uova
  ` +
    // Dutch, Scandinavian
    `en met suiker zout bloem melk olie tarwe van specerijen peper ui vlees varkensvlees kruiden
  og av och med socker mjölk vetemjöl sukker hvetemel konserveringsmiddel antioksidant`
  ).split(/\s+/),
);

/** OFF country tags of countries where products are labelled in English. */
export const ENGLISH_SPEAKING_COUNTRIES = new Set([
  'en:united-states',
  'en:united-kingdom',
  'en:ireland',
  'en:australia',
  'en:new-zealand',
  'en:india',
  'en:singapore',
  'en:south-africa',
  'en:nigeria',
  'en:kenya',
  'en:ghana',
  'en:jamaica',
  'en:philippines',
  'en:malta',
]);

const ASCII_WORD = /^[a-z]+$/;

export interface LanguageEvidence {
  /** OFF's `ingredients_tags` (comma-separated in the CSV). */
  ingredientTags?: readonly string[];
  /** OFF's `countries_tags`. */
  countryTags?: readonly string[];
}

export function englishScore(
  text: string,
  evidence: LanguageEvidence = {},
): { english: number; foreign: number } {
  let english = 0;
  let foreign = 0;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (word.length < 2) continue;
    const en = ENGLISH.has(word) || ENGLISH_ACCENTED.has(word);
    const other = FOREIGN.has(word) || (!en && !ASCII_WORD.test(word));
    if (en && !other) english++;
    else if (other && !en) foreign++;
  }
  for (const tag of evidence.ingredientTags ?? []) {
    const prefix = /^([a-z]{2,3}):/.exec(tag.trim())?.[1];
    if (prefix && prefix !== 'en') foreign++;
  }
  return { english, foreign };
}

export function looksEnglish(text: string, evidence: LanguageEvidence = {}): boolean {
  const { english, foreign } = englishScore(text, evidence);
  if (english === 0 && foreign === 0) {
    return (evidence.countryTags ?? []).some((country) => ENGLISH_SPEAKING_COUNTRIES.has(country.trim()));
  }
  return english > foreign;
}
