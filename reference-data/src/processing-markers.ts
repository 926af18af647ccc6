import { offNovaMarkers } from './generated/off-nova-markers';
import { eNumberSchema, type Marker, type ProcessingReference } from './schemas';

/**
 * Processing signals for the processing level, derived from Open Food Facts' NOVA markers.
 *
 * - OFF's NOVA 4 ingredient markers become key ultra-processed markers, each expressed by the
 *   phrases labels actually use (English first, plus the French/German/Spanish words OFF's
 *   taxonomy maps to the same tag, since imported products keep their original labels).
 * - OFF's NOVA 4 additives become ultra-processed additive codes.
 * - OFF's NOVA 3 ingredient markers split in two. The culinary ones (salt, sugar, oil, starch,
 *   honey...) are the spec's staple words, and salt, added oils and fats, butter, starch, honey,
 *   maple syrup, sugar and vinegar are also culinary additions: added to a whole food they make
 *   a processed food (lemonade, dark chocolate, pickles, pastry). Nut and seed butters are
 *   ground nuts, not added butter. A kitchen ingredient sold with water, spices or its own parts
 *   (a vinegar with grape must, a honey with cinnamon) is that ingredient, with nothing added.
 *   The technical ones (preservative, anti-caking agent, and the NOVA 3 additives) are
 *   processing terms.
 * - Fortificants (vitamins and minerals added by law or to restore nutrients) and the
 *   coagulants of traditional foods are culinary: neither markers nor concerns.
 */

const ultraPhrasesByOffTag: Record<string, string[]> = {
  'en:anti-foaming-agent': ['anti foaming agent', 'antifoaming agent', 'antifoam', 'anti foam'],
  'en:bulking-agent': ['bulking agent'],
  'en:carbonating-agent': ['carbonating agent'],
  'en:casein': ['casein', 'caseinate', 'caseinates'],
  'en:colour': ['colour', 'colouring', 'food colouring', 'colorant', 'farbstoff', 'colorante'],
  'en:colour-stabilizer': ['colour stabiliser', 'colour retention agent'],
  'en:dextrose': ['dextrose'],
  'en:emulsifier': [
    'emulsifier',
    'emulsifying agent',
    'emulsifying salt',
    'emulgator',
    'émulsifiant',
    'emulsionante',
  ],
  'en:firming-agent': ['firming agent'],
  'en:flavour': ['flavour', 'natural flavour', 'aroma', 'aromen', 'arôme', 'aromas', 'aromatisant'],
  'en:flavour-enhancer': [
    'flavour enhancer',
    'geschmacksverstärker',
    'exhausteur de goût',
    'potenciador del sabor',
  ],
  'en:flavouring': ['flavouring', 'natural flavouring', 'vanillin', 'ethyl vanillin', 'smoke flavouring'],
  'en:gelling-agent': ['gelling agent', 'geliermittel', 'gélifiant', 'gelificante'],
  'en:glazing-agent': ['glazing agent', 'überzugsmittel', 'agent d enrobage'],
  'en:glucose': ['glucose'],
  'en:glucose-syrup': [
    'glucose syrup',
    'dried glucose syrup',
    'corn syrup',
    'corn syrup solids',
    'glukosesirup',
    'sirop de glucose',
    'jarabe de glucosa',
  ],
  'en:gluten': ['wheat gluten', 'vital wheat gluten', 'weizengluten', 'gluten de blé'],
  'en:high-fructose-corn-syrup': [
    'high fructose corn syrup',
    'glucose fructose syrup',
    'fructose glucose syrup',
    'fructose syrup',
    'isoglucose',
  ],
  'en:humectant': ['humectant', 'feuchthaltemittel'],
  'en:hydrogenated-fat': ['hydrogenated fat', 'hydrogenated'],
  'en:hydrogenated-oil': ['hydrogenated oil'],
  'en:hydrolysed-proteins': ['hydrolysed', 'hydrolysed protein', 'hydrolysed vegetable protein'],
  'en:invert-sugar': [
    'invert sugar',
    'inverted sugar',
    'invert sugar syrup',
    'inverted sugar syrup',
    'invert syrup',
  ],
  'en:lactose': ['lactose', 'milk sugar'],
  'en:lecithin': ['lecithin', 'lecithins', 'lécithine', 'lecitina', 'lecithine'],
  'en:maltodextrin': ['maltodextrin', 'maltodextrine'],
  'en:milk-proteins': [
    'milk protein',
    'milk protein concentrate',
    'milk protein isolate',
    'milchprotein',
    'milcheiweiß',
  ],
  'en:sequestrant': ['sequestrant'],
  'en:sweetener': [
    'sweetener',
    'artificial sweetener',
    'süßungsmittel',
    'süßstoff',
    'édulcorant',
    'edulcorante',
  ],
  'en:thickener': ['thickener', 'thickening agent', 'verdickungsmittel', 'épaississant', 'espesante'],
  'en:whey': [
    'whey',
    'whey powder',
    'dried whey',
    'sweet whey',
    'lactosérum',
    'molke',
    'molkenpulver',
    'suero de leche',
  ],
  'en:whey-proteins': [
    'whey protein',
    'whey protein concentrate',
    'whey protein isolate',
    'molkenprotein',
    'wheyprotein',
  ],
};

/**
 * Markers OFF's later taxonomy adds (its own unit tests classify "modified cornflour",
 * "modified whey" and "modified strawberry" as NOVA 4): anything modified, protein isolates,
 * interesterified fats, mechanically separated meat.
 */
const curatedUltraMarkers: Marker[] = [
  { id: 'modified-ingredient', phrases: ['modified'] },
  { id: 'protein-isolate', phrases: ['isolate', 'protein isolate', 'isolat', 'proteinisolat'] },
  { id: 'interesterified-fat', phrases: ['interesterified'] },
  // With the words OFF's ingredient taxonomy gives it in French, Italian and German.
  {
    id: 'mechanically-separated-meat',
    phrases: [
      'mechanically separated',
      'mechanically recovered',
      'séparée mécaniquement',
      'séparé mécaniquement',
      'separata meccanicamente',
      'separato meccanicamente',
      'mechanisch getrenntes',
    ],
  },
  { id: 'artificial-flavour', phrases: ['artificial flavour', 'artificial flavouring'] },
  // Fibres isolated from their food and added back: Monteiro et al. (2019), "Ultra-processed
  // foods: what they are and how to identify them", lists "soluble or insoluble fibre" among
  // the substances only ultra-processed foods use.
  {
    id: 'isolated-fibre',
    phrases: [
      'inulin',
      'oligofructose',
      'fructooligosaccharides',
      'polydextrose',
      'resistant dextrin',
      'resistant maltodextrin',
      'soluble fibre',
      'insoluble fibre',
      'chicory fibre',
      'chicory root fibre',
      'oat fibre',
      'wheat fibre',
      'pea fibre',
      'citrus fibre',
      'apple fibre',
      'bamboo fibre',
      'cellulose fibre',
      'potato fibre',
      'soluble corn fibre',
      'corn fibre',
      'sugar cane fibre',
      'psyllium fibre',
    ],
  },
];

function markerId(offTag: string): string {
  return offTag.replace(/^en:/, '');
}

function ultraProcessedMarkers(): Marker[] {
  const fromOff = offNovaMarkers['4'].ingredients.map((offTag) => {
    const phrases = ultraPhrasesByOffTag[offTag];
    if (!phrases) throw new Error(`No label phrases for OFF NOVA 4 marker ${offTag}`);
    return { id: markerId(offTag), offTag, phrases };
  });
  return [...fromOff, ...curatedUltraMarkers];
}

function codeOf(offTag: string): string {
  const raw = offTag.replace(/^en:e/, '');
  return `E${raw.toLowerCase()}`;
}

/** OFF NOVA 3 ingredient markers that are technical rather than culinary. */
const technicalNova3Phrases: Record<string, string[]> = {
  'en:preservative': ['preservative', 'conservateur', 'konservierungsstoff', 'conservante'],
  'en:anti-caking-agent': [
    'anti caking agent',
    'anticaking agent',
    'anti caking',
    'trennmittel',
    'antiagglomérant',
  ],
};

/** Further industrial-processing terms (not NOVA 4 on their own; three together mean high). */
const curatedProcessingTerms: Marker[] = [
  { id: 'acidity-regulator', phrases: ['acidity regulator', 'säureregulator', 'correcteur d acidité'] },
  {
    id: 'raising-agent',
    phrases: ['raising agent', 'leavening', 'leavening agent', 'backtriebmittel', 'poudre à lever'],
  },
  {
    id: 'stabiliser',
    phrases: ['stabiliser', 'stabilising agent', 'stabilisant', 'stabilisator', 'estabilizante'],
  },
  { id: 'antioxidant', phrases: ['antioxidant', 'antioxydant', 'antioxidationsmittel'] },
  {
    id: 'flour-treatment-agent',
    phrases: [
      'flour treatment agent',
      'dough conditioner',
      'dough improver',
      'agent de traitement de la farine',
    ],
  },
  { id: 'bleached', phrases: ['bleached'] },
  { id: 'refined', phrases: ['refined'] },
  { id: 'reconstituted', phrases: ['reconstituted'] },
  { id: 'textured', phrases: ['textured'] },
  { id: 'extruded', phrases: ['extruded'] },
  { id: 'deodorised', phrases: ['deodorised'] },
];

function processingTerms(): Marker[] {
  const technical = offNovaMarkers['3'].ingredients
    .filter((offTag) => offTag in technicalNova3Phrases)
    .map((offTag) => ({ id: markerId(offTag), offTag, phrases: technicalNova3Phrases[offTag] ?? [] }));
  return [
    ...technical,
    { id: 'curing-salt', phrases: ['curing salt', 'nitrite curing salt', 'pökelsalz'] },
    ...curatedProcessingTerms,
  ];
}

/** OFF NOVA 3 additives: sorbate is a preservative term, nitrites and nitrates are curing salts. */
function processingTermAdditiveCodes(): Record<string, string[]> {
  const codes = offNovaMarkers['3'].additives.map(codeOf);
  return {
    preservative: codes.filter((c) => c === 'E202'),
    'curing-salt': codes.filter((c) => c !== 'E202'),
  };
}

/** OFF NOVA 2/3 categories as words ("en:prepared-meats" → "prepared meats"), plus processed kin. */
function processedFoodCategories(): string[] {
  const fromOff = offNovaMarkers['3'].categories.map((c) => c.replace(/^en:/, '').replace(/-/g, ' '));
  const kin = [
    'breads',
    'cakes',
    'biscuits',
    'cookies',
    'sandwiches',
    'pizzas',
    'pies',
    'pastries',
    'sauces',
    'soups',
    'jams',
    'pickles',
    'smoked fishes',
    'hams',
    'bacon',
    'canned foods',
    'prepared meals',
    'ready meals',
  ];
  return [...new Set([...fromOff, ...kin])];
}

export const processingData: ProcessingReference = {
  ultraProcessedMarkers: ultraProcessedMarkers(),
  // OFF also lists placeholder families such as "e15x" that no label can carry.
  ultraProcessedAdditiveCodes: offNovaMarkers['4'].additives
    .map(codeOf)
    .filter((c) => eNumberSchema.safeParse(c).success),
  processingTerms: processingTerms(),
  processingTermAdditiveCodes: processingTermAdditiveCodes(),
  processingWords: [
    'dried',
    'dehydrated',
    'freeze dried',
    'smoked',
    'cured',
    'pickled',
    'salted',
    'sweetened',
    'candied',
    'fried',
    'canned',
    'brined',
    'in brine',
    'in syrup',
    'condensed',
    'evaporated',
  ],
  staples: {
    flour: ['flour', 'cornflour', 'farine', 'mehl', 'harina'],
    starch: ['starch', 'cornstarch', 'fécule', 'amidon', 'stärke', 'almidón'],
    oil: ['oil', 'vegetable fat', 'huile', 'pflanzenöl', 'aceite'],
    sugar: ['sugar', 'honey', 'maple syrup', 'sucre', 'zucker', 'azúcar'],
    salt: ['salt', 'sel', 'salz', 'sal'],
    vinegar: ['vinegar', 'vinaigre', 'essig', 'vinagre'],
  },
  culinaryAdditions: {
    salt: ['salt', 'sea salt', 'sodium chloride', 'sel', 'salz'],
    fat: ['oil', 'vegetable fat', 'huile', 'pflanzenöl', 'aceite', 'butter'],
    starch: ['starch', 'cornstarch', 'fécule', 'amidon', 'stärke'],
    // Sugar and vinegar added to a whole food make a processed food too (lemonade, dark chocolate,
    // fruit in syrup): OFF's NOVA 3 markers en:sugar and, with OFF's NOVA 2 category, vinegar.
    sugar: [
      'honey',
      'maple syrup',
      'sugar',
      'cane sugar',
      'brown sugar',
      'muscovado',
      'demerara',
      'jaggery',
      'panela',
      'fructose',
      'sucrose',
      'sugar syrup',
      'cane syrup',
      'golden syrup',
      'rice syrup',
      'malt syrup',
      'agave syrup',
      'agave nectar',
      'date syrup',
      'molasses',
      'treacle',
      'sucre',
      'zucker',
      'azúcar',
    ],
    vinegar: ['vinegar', 'vinaigre', 'essig', 'vinagre', 'aceto'],
  },
  kitchenCompanions: [
    'water',
    'spice',
    'spices',
    'herb',
    'herbs',
    'cinnamon',
    'vanilla',
    'pepper',
    'peppercorn',
    'chili',
    'chilli',
    'chile',
    'garlic',
    'ginger',
    'nutmeg',
    'clove',
    'cardamom',
    'turmeric',
    'paprika',
    'cumin',
    'coriander',
    'rosemary',
    'thyme',
    'basil',
    'oregano',
    'parsley',
    'dill',
    'sage',
    'mint',
    'bay leaf',
    'chives',
    'lavender',
    'saffron',
    'star anise',
    'fennel seed',
  ],
  kitchenParts: {
    salt: [],
    fat: [],
    starch: [],
    sugar: ['honeycomb', 'comb', 'pollen', 'royal jelly', 'propolis', 'sap'],
    vinegar: [
      'must',
      'grape must',
      'mosto',
      // Wine and vinegar hold sulphites of their own; labels declare them.
      'sulphites',
      'wine',
      'cider',
      'mother',
      'caramel',
      'fruit',
      'juice',
      'grape',
      'apple',
      'fig',
      'raspberry',
      'cherry',
      'pomegranate',
      'date',
      'pear',
      'peach',
      'plum',
      'orange',
      'lemon',
      'lime',
      'mango',
      'blueberry',
      'blackberry',
      'strawberry',
      'blackcurrant',
      'cranberry',
      'elderberry',
      'quince',
      'apricot',
    ],
  },
  culinaryExceptions: [
    'sugar snap pea',
    'sugar snap',
    'sugar pea',
    'sugar beet',
    'sugarcane juice',
    'butter bean',
    'butter beans',
    'apple butter',
  ],
  nutButters: [
    'peanut butter',
    'nut butter',
    'almond butter',
    'cashew butter',
    'hazelnut butter',
    'pistachio butter',
    'seed butter',
    'sunflower seed butter',
    'pumpkin seed butter',
  ],
  fortificants: {
    vitamins: [
      'niacin',
      'niacinamide',
      'nicotinamide',
      'nicotinic acid',
      'thiamin',
      'thiamine',
      'thiamin mononitrate',
      'thiamine mononitrate',
      'thiamin hydrochloride',
      'thiamine hydrochloride',
      'riboflavin',
      'folic acid',
      'folate',
      'vitamin',
      'vitamins',
      'vitamin a',
      'vitamin a palmitate',
      'retinyl palmitate',
      'vitamin b1',
      'vitamin b2',
      'vitamin b3',
      'vitamin b6',
      'vitamin b12',
      'vitamin c',
      'vitamin d',
      'vitamin d2',
      'vitamin d3',
      'cholecalciferol',
      'ergocalciferol',
      'vitamin e',
      'vitamin k',
      'pyridoxine hydrochloride',
      'cyanocobalamin',
    ],
    minerals: [
      'calcium carbonate',
      'calcium carbonates',
      'iron',
      'reduced iron',
      'electrolytic iron',
      'ferrous sulphate',
      'ferrous fumarate',
      'ferric pyrophosphate',
      'zinc oxide',
      'zinc sulphate',
      'potassium iodide',
      'potassium iodate',
      'sodium iodide',
      'iodised salt',
      'iodized salt',
      'minerals',
    ],
  },
  traditionalCoagulants: [
    'calcium sulphate',
    'glucono delta lactone',
    'gluconodeltalactone',
    'glucono lactone',
    'gluconolactone',
    'magnesium chloride',
    'nigari',
    'coagulant',
    'coagulants',
    'rennet',
  ],
  culinaryCategories: [
    'fats',
    'vegetable oils',
    'honeys',
    'maple syrups',
    'salts',
    'sugars',
    'vinegars',
    'starches',
  ],
  fatWords: [
    'oil',
    'fat',
    'butter',
    'butterfat',
    'milkfat',
    'shortening',
    'lard',
    'margarine',
    'ghee',
    'tallow',
    'suet',
    'dripping',
    'huile',
    'pflanzenöl',
  ],
  sugarWords: [
    'sugar',
    'syrup',
    'dextrose',
    'glucose',
    'fructose',
    'sucrose',
    'maltose',
    'honey',
    'caramel',
    'molasses',
    'treacle',
    'sucre',
    'zucker',
  ],
  saltWords: ['salt', 'sodium chloride', 'sel', 'salz'],
  purposePhrases: [
    'protect flavour',
    'preserve flavour',
    'retain flavour',
    'maintain flavour',
    'protect colour',
    'preserve colour',
    'retain colour',
    'maintain colour',
    'promote colour retention',
  ],
  processedFoodCategories: processedFoodCategories(),
};
