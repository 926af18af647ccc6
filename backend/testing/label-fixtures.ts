/** Ground truth for generated label images: what a pack says, in the order it says it. */
export interface LabelFixture {
  id: string;
  brandName: string;
  productName: string;
  ingredients: string;
  /** What follows the ingredient list on the pack; extraction must cut it. */
  after: string[];
  /** The word before the list, in the label's language (default "Ingredients:"). */
  heading?: string;
}

export const labelFixtures: LabelFixture[] = [
  {
    id: 'ketchup',
    brandName: 'Hillside Kitchen',
    productName: 'Tomato Ketchup',
    ingredients:
      'Tomatoes (148g per 100g Tomato Ketchup), Spirit Vinegar, Sugar, Salt, Spice and Herb Extracts (contain Celery), Spice.',
    after: [
      'Allergy Advice: For allergens, see ingredients in bold.',
      'Store in a cool, dry place. Best before: see cap.',
    ],
  },
  {
    id: 'fruit-sweets',
    brandName: 'Sunny Treats',
    productName: 'Fizzy Fruit Chews',
    ingredients:
      'Glucose Syrup, Sugar, Water, Beef Gelatine, Acid: Citric Acid (E330), Flavourings, Colours: E102, E110, E129, E133, Glazing Agent: Carnauba Wax (E903).',
    after: ['May contain traces of milk.', 'Nutrition: Energy 1420kJ per 100g.'],
  },
  {
    id: 'white-bread',
    brandName: 'Baker Street',
    productName: 'Soft White Bread',
    ingredients:
      'Wheat Flour (Wheat Flour, Calcium Carbonate, Iron, Niacin, Thiamin), Water, Yeast, Salt, Soya Flour, Preservative: Calcium Propionate (E282), Emulsifiers: E471, E472e, Rapeseed Oil, Flour Treatment Agent: Ascorbic Acid (E300).',
    after: ['Allergy Advice: contains wheat and soya.', 'Storage: keep in a cool, dry place.'],
  },
  {
    id: 'muesli',
    brandName: 'Green Valley',
    productName: 'Fruit and Nut Muesli',
    ingredients:
      'Wholegrain Rolled Oats (70%), Raisins (15%), Sunflower Seeds, Chopped Almonds (4%), Dried Apple Pieces.',
    after: ['Contains: oats, nuts.', 'Best before: see top of pack.'],
  },
  {
    id: 'cola',
    brandName: 'Fizzco',
    productName: 'Diet Cola Drink',
    ingredients:
      'Carbonated Water, Colour: Caramel E150d, Acids: Phosphoric Acid, Citric Acid, Sweeteners: Aspartame, Acesulfame K, Flavourings, Preservative: Sodium Benzoate (E211), Caffeine.',
    after: ['Contains a source of phenylalanine.', 'Nutrition: Energy 1kJ per 100ml.'],
  },
];
