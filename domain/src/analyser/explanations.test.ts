import { describe, expect, it } from 'vitest';
import { analyseIngredients } from './analyse';
import { plainIngredientText } from './normalise-label';
import { parseIngredients } from './parse-ingredients';
import { analysisResultSchema } from './types';

describe('fortification is neither processing nor a concern', () => {
  it.each([
    'Wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin)',
    'Fortified wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin), water, yeast',
    'whole milk, vitamin D3',
    'orange juice, vitamin C',
    'maize flour, folic acid, reduced iron, thiamine mononitrate, riboflavin',
  ])('%j is minimal and green with no concern', (text) => {
    expect(analyseIngredients(text)).toMatchObject({
      rating: 'green',
      processingLevel: 'minimal',
      additiveCount: 0,
      concerns: [],
    });
  });

  it('reads an E-number in brackets after a fortificant or coagulant as its name', () => {
    expect(
      analyseIngredients('Wheat flour (wheat flour, calcium carbonate (E170), iron, niacin)'),
    ).toMatchObject({
      rating: 'green',
      additiveCount: 0,
    });
    expect(analyseIngredients('water, soybeans, calcium sulphate (E516)').additiveCount).toBe(0);
  });

  it('still counts calcium carbonate written as E170, and ascorbic acid as an additive', () => {
    expect(analyseIngredients('wheat flour, E170').additiveCount).toBe(1);
    expect(analyseIngredients('orange juice, ascorbic acid').additiveCount).toBe(1);
  });

  it('keeps the fortificants in the clean ingredients', () => {
    expect(analyseIngredients('whole milk, vitamin D3').cleanIngredients).toEqual([
      'whole milk',
      'vitamin d3',
    ]);
  });
});

describe('fortification does not hide the other markers of an ultra-processed product', () => {
  it('given an oat drink with rapeseed oil, dipotassium phosphate, calcium carbonate and vitamins, when analysed, then it is ultra-processed and says why', () => {
    // given
    const oatDrink =
      'Oat base (water, oats 10%), rapeseed oil, acidity regulator (dipotassium phosphate), calcium carbonate, iodised salt, vitamins (D2, riboflavin, B12)';
    // when
    const result = analyseIngredients(oatDrink);
    // then
    expect(result).toMatchObject({ processingLevel: 'high', isUltraProcessed: true, rating: 'red' });
    expect(result.processingReason).toBe(
      'Contains calcium carbonate and vitamins added to a recipe with oil, iodised salt and dipotassium phosphate: a fortified formulation, a marker of ultra-processed food (NOVA group 4). Look for a version made from whole foods and kitchen ingredients.',
    );
  });

  it('given a sugared cereal with an additive and added vitamins and minerals, when analysed, then it is ultra-processed', () => {
    expect(
      analyseIngredients(
        'Whole grain oats, sugar, salt, trisodium phosphate, calcium carbonate, iron, vitamin D3',
      ).processingLevel,
    ).toBe('high');
  });

  it.each([
    ['fortificants that only restore a food', 'whole milk, vitamin A palmitate, vitamin D3'],
    [
      'fortificants inside a fortified flour',
      'Wheat flour (calcium carbonate, iron, niacin, thiamin), water, salt, E282',
    ],
    [
      'fortificants with an additive but nothing added to a food',
      'orange juice, E300, calcium carbonate, vitamin D3',
    ],
  ])('given %s, when analysed, then fortification adds no marker', (_name, text) => {
    expect(analyseIngredients(text).isUltraProcessed).toBe(false);
  });
});

describe('traditional coagulants are culinary', () => {
  it.each([
    'water, soybeans, calcium sulphate',
    'Water, soybeans, firming agent: calcium sulphate',
    'Water, soya beans, firming agent (calcium sulfate)',
    'soybeans, water, glucono-delta-lactone',
    'water, soybeans, coagulant (nigari)',
  ])('%j is not ultra-processed and has no concern', (text) => {
    const result = analyseIngredients(text);
    expect(result.isUltraProcessed).toBe(false);
    expect(result.concerns).toEqual([]);
    expect(result.additiveCount).toBe(0);
  });

  it('a firming agent with no traditional coagulant named stays a NOVA 4 marker', () => {
    expect(analyseIngredients('peaches, water, firming agent (calcium chloride)').isUltraProcessed).toBe(
      true,
    );
  });
});

describe('added sugar, salt, oil, butter or vinegar make a whole food processed (NOVA 3)', () => {
  it.each([
    'water, lemon juice, cane sugar',
    'cocoa mass, cocoa butter, sugar',
    'cucumbers, water, vinegar, salt',
    'peanuts, sunflower oil, salt',
    'strawberries, sugar',
    'pastry (wheat flour, butter, water)',
    'oats, rice syrup',
    'strawberries, fructose',
  ])('%j is moderate', (text) => {
    expect(analyseIngredients(text)).toMatchObject({ processingLevel: 'moderate', isUltraProcessed: false });
  });

  it('culinary ingredients on their own, or with each other or a fortificant, stay minimal (NOVA 2)', () => {
    expect(analyseIngredients('cane sugar').processingLevel).toBe('minimal');
    expect(analyseIngredients('cider vinegar').processingLevel).toBe('minimal');
    expect(analyseIngredients('extra virgin olive oil, sunflower oil').processingLevel).toBe('minimal');
    expect(analyseIngredients('cane sugar, molasses').processingLevel).toBe('minimal');
    expect(analyseIngredients('sea salt, potassium iodide').processingLevel).toBe('minimal');
  });

  it('the parts of a culinary ingredient are no food it is added to', () => {
    expect(analyseIngredients('vegetable oil (sunflower, rapeseed)').processingLevel).toBe('minimal');
    expect(analyseIngredients('maple syrup (maple sap)').processingLevel).toBe('minimal');
    expect(analyseIngredients('agave syrup (agave)').processingLevel).toBe('minimal');
  });

  it('a food named after a culinary word is no addition ("sugar snap peas", "butter beans")', () => {
    expect(analyseIngredients('sugar snap peas, carrots').processingLevel).toBe('minimal');
    expect(analyseIngredients('butter beans, water').processingLevel).toBe('minimal');
  });

  it('a nut butter is ground nuts, not added butter', () => {
    expect(analyseIngredients('apples, peanut butter (peanuts)').processingLevel).toBe('minimal');
    expect(analyseIngredients('rice cakes (rice), almond butter').processingLevel).toBe('minimal');
  });
});

describe('markers match with a bounded word gap', () => {
  it('reads "invert cane sugar syrup" as invert sugar syrup', () => {
    expect(analyseIngredients('apples, invert cane sugar syrup').isUltraProcessed).toBe(true);
  });

  it('allows one word, not two, and never "and"/"or"', () => {
    expect(analyseIngredients('apples, invert organic cane sugar syrup').isUltraProcessed).toBe(false);
    expect(analyseIngredients('milk and whey').concerns).toEqual([]);
    expect(analyseIngredients('glucose and syrup').isUltraProcessed).toBe(true); // glucose is a marker itself
  });
});

describe('an ingredient run together with its description', () => {
  it('is read like any other: a hyphen does not hide an emulsifier or a flavouring', () => {
    expect(analyseIngredients('sugar, milk, cocoa butter, soy lecithin-an emulsifier').isUltraProcessed).toBe(
      true,
    );
    expect(analyseIngredients('sugar, milk, soy lecithin - an emulsifier').isUltraProcessed).toBe(true);
    expect(analyseIngredients('sugar, milk, soy lecithin (an emulsifier)').isUltraProcessed).toBe(true);
  });

  it('still lists its concerns', () => {
    const result = analyseIngredients('sugar, milk, vanillin-an artificial flavor');
    expect(result.concerns.map((c) => c.name)).toEqual(['Artificial flavour']);
  });
});

describe('concerns: only real ones, each explained with its source', () => {
  it('does not list additives whose record finds no risk (modified starch, E500)', () => {
    const result = analyseIngredients('potatoes, modified starch, E500');
    expect(result.concerns).toEqual([]);
    expect(result.additiveCount).toBe(2);
  });

  it('explains an EFSA overexposure risk with the EFSA opinion link and what to look for instead', () => {
    const [concern] = analyseIngredients('water, calcium chloride').concerns;
    expect(concern).toMatchObject({ name: 'Calcium chloride (E509)', severity: 'medium' });
    expect(concern!.reason).toMatch(/EFSA/);
    expect(concern!.reason).toMatch(/Look for/);
    expect(concern!.source).toMatch(/^https:\/\/.*efsa/);
  });

  it('names ANSES where the additive is on its list', () => {
    const [concern] = analyseIngredients('rice, curcumin').concerns;
    expect(concern!.reason).toMatch(/ANSES/);
  });

  it('explains a named concern ingredient and what to use instead', () => {
    const [concern] = analyseIngredients('palm oil').concerns;
    expect(concern!.reason).toMatch(/saturated fat.*Look for products made with sunflower/);
  });
});

describe('processing reason: the NOVA rule that fired', () => {
  it.each([
    [
      'water, sugar, maltodextrin, flavourings',
      /maltodextrin and flavourings, markers of ultra-processed food/,
    ],
    ['water, lemon juice, cane sugar', /added cane sugar: processed food \(NOVA group 3\)/],
    ['dried apricots', /Dried: .*NOVA group 3/],
    ['apples, E300, E330', /2 additives: processed food/],
    ['carrots', /minimally processed.*NOVA group 1 or 2/],
    ['orange juice, ascorbic acid', /NOVA group 1 or 2\): one additive and no marker of processing/],
  ])('%j: %s', (text, reason) => {
    const result = analyseIngredients(text);
    expect(result.processingReason).toMatch(reason);
    expect(result.processingSource).toBe('https://world.openfoodfacts.org/nova');
    expect(analysisResultSchema.parse(result)).toEqual(result);
  });
});

describe('plainIngredientText', () => {
  it('reads HTML tags, entities and _allergen_ marks as plain text', () => {
    expect(
      plainIngredientText(
        'Wheat <span class="allergen">flour</span>, &quot;sugar&quot;, _lait_ &amp; caf&eacute;&#44; egg',
      ),
    ).toBe('Wheat flour, "sugar", lait & café, egg');
  });

  it('decodes entities encoded twice and numeric ones', () => {
    expect(plainIngredientText('Farine de bl&amp;eacute; &#x28;gluten&#41;')).toBe('Farine de blé (gluten)');
  });

  it('keeps text without markup as it is, including "<" in amounts', () => {
    expect(plainIngredientText('salt < 2%, E471')).toBe('salt < 2%, E471');
  });

  it('the analyser and the parser read marked-up text as plain text', () => {
    expect(
      parseIngredients(
        '<b>Milk</b>, _wheat_ flour, &lt;span class=&quot;allergen&quot;&gt;sugar&lt;/span&gt;',
      ),
    ).toEqual(['milk', 'wheat flour', 'sugar']);
    expect(analyseIngredients('water, <span class="allergen">E102</span>').concerns[0]!.name).toBe(
      'Tartrazine (E102)',
    );
  });
});
