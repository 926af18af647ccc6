import { describe, expect, it } from 'vitest';
import { ratingLabel } from '../contracts/rating';
import { analyseIngredients, summariseAnalysis } from './analyse';
import { scanLabel } from './scan';
import { analysisResultSchema } from './types';

/** Low-severity additives that are neither ultra-processed markers nor processing terms. */
const plainAdditives = ['E300', 'E330', 'E296', 'E297', 'E270'];
const withAdditives = (base: string, n: number) => [base, ...plainAdditives.slice(0, n)].join(', ');

describe('clean ingredients', () => {
  it('given "hazelnuts, sugar, cocoa", when analysed, then sugar is not shown as a clean ingredient', () => {
    expect(analyseIngredients('hazelnuts, sugar, cocoa').cleanIngredients).toEqual(['hazelnuts', 'cocoa']);
  });

  it.each([
    'cane sugar',
    'brown rice syrup',
    'golden syrup',
    'honey',
    'molasses',
    'agave nectar',
    'caramel',
    'maple syrup',
    'dextrose',
  ])('given a list with %j, when analysed, then it is no clean ingredient', (sweetener) => {
    expect(analyseIngredients(`oats, ${sweetener}, almonds`).cleanIngredients).toEqual(['oats', 'almonds']);
  });

  it.each([
    ['flour, preservative (calcium propionate), water', ['flour', 'water']],
    ['oats, preservatives, salt', ['oats', 'salt']],
    ['cocoa (processed with alkali), hazelnuts', ['cocoa', 'hazelnuts']],
  ])(
    "given %j, when analysed, then an additive's function or a processing note is no clean ingredient",
    (label, clean) => {
      expect(analyseIngredients(label).cleanIngredients).toEqual(clean);
    },
  );

  it('given a food named after a sugar word ("sugar snap peas"), when analysed, then it stays clean', () => {
    expect(analyseIngredients('sugar snap peas, carrots').cleanIngredients).toEqual([
      'sugar snap peas',
      'carrots',
    ]);
  });
});

describe('analyseIngredients: processing level on label text', () => {
  it('is minimal and green for a plain food', () => {
    expect(analyseIngredients('apples')).toMatchObject({
      rating: 'green',
      processingLevel: 'minimal',
      isProcessed: false,
      isUltraProcessed: false,
      additiveCount: 0,
      concerns: [],
      cleanIngredients: ['apples'],
    });
  });

  it.each([
    'maltodextrin',
    'natural flavour',
    'natural flavors',
    'soy lecithin',
    'glucose syrup',
    'modified whey',
    'whey protein isolate',
  ])('makes a key marker (%s) ultra-processed', (marker) => {
    expect(analyseIngredients(`apples, ${marker}`)).toMatchObject({
      processingLevel: 'high',
      isUltraProcessed: true,
      rating: 'red',
    });
  });

  it('does not read "to protect flavour" as a flavouring', () => {
    expect(analyseIngredients('apples, E300 (to protect flavour)').isUltraProcessed).toBe(false);
  });

  it.each([
    [1, 'minimal', false],
    [2, 'moderate', false],
    [4, 'moderate', false],
    [5, 'high', true],
  ] as const)('with %i additives is %s', (n, level, ultra) => {
    const result = analyseIngredients(withAdditives('apples', n));
    expect(result.additiveCount).toBe(n);
    expect(result.processingLevel).toBe(level);
    expect(result.isUltraProcessed).toBe(ultra);
  });

  it.each([
    ['apples', 'minimal'],
    ['apples, bleached wheat', 'moderate'],
    ['apples, bleached wheat, refined rice', 'moderate'],
    ['apples, bleached wheat, refined rice, textured peas', 'high'],
  ])('counts processing terms: %j is %s', (text, level) => {
    expect(analyseIngredients(text).processingLevel).toBe(level);
  });

  it.each(['dried apricots', 'smoked salmon', 'salted cod', 'pickled cucumbers'])(
    'makes %j moderate by its processing word',
    (text) => {
      expect(analyseIngredients(text)).toMatchObject({
        processingLevel: 'moderate',
        isProcessed: true,
        rating: 'amber',
      });
    },
  );

  it('is minimal for flour and eggs, moderate once sugar is added (as OFF rates "sugar, flour, eggs" cakes NOVA 3)', () => {
    expect(analyseIngredients('flour, eggs').processingLevel).toBe('minimal');
    expect(analyseIngredients('flour, sugar, eggs').processingLevel).toBe('moderate');
  });

  it('makes a food with added salt or oil processed, but not salt or oil on its own', () => {
    expect(analyseIngredients('peanuts, sea salt').processingLevel).toBe('moderate');
    expect(analyseIngredients('extra virgin olive oil').processingLevel).toBe('minimal');
    expect(analyseIngredients('sea salt').processingLevel).toBe('minimal');
  });

  it('uses product categories when given: processed-food categories are at least moderate', () => {
    expect(analyseIngredients('tomatoes', undefined, { categories: ['en:sandwiches'] }).processingLevel).toBe(
      'moderate',
    );
    expect(
      analyseIngredients('starches, salt', undefined, { categories: ['en:starches'] }).processingLevel,
    ).toBe('minimal');
  });

  it('extra: salt, sugar and fat with 2 additives and a processing term are ultra-processed, with 1 additive not', () => {
    expect(analyseIngredients('refined sugar, salt, butter, E300, E330').isUltraProcessed).toBe(true);
    expect(analyseIngredients('refined sugar, salt, butter, E300')).toMatchObject({
      processingLevel: 'moderate',
      isUltraProcessed: false,
    });
    expect(analyseIngredients('refined sugar, salt, apples, E300, E330').isUltraProcessed).toBe(false);
  });

  it('extra: 10 ingredients with 3 additives are processed, ultra-processed only at 5', () => {
    const nine = 'apples, pears, plums, figs, dates, kiwis, limes, lemons, grapes';
    const ten = `${nine}, cherries`;
    expect(analyseIngredients(`${ten}, E300, E330, E296`)).toMatchObject({
      isProcessed: true,
      isUltraProcessed: false,
      rating: 'red',
    });
    expect(analyseIngredients(`${nine}, E300, E330, E296`)).toMatchObject({
      isProcessed: true,
      isUltraProcessed: false,
    });
    expect(analyseIngredients(withAdditives(ten, 5))).toMatchObject({
      isUltraProcessed: true,
      processingLevel: 'high',
    });
  });
});

describe('analyseIngredients: rating rules', () => {
  it('1. ultra-processed is red even without additives', () => {
    expect(analyseIngredients('apples, maltodextrin')).toMatchObject({ rating: 'red', additiveCount: 0 });
  });

  it('2. processed is amber with 2 additives and red with 3', () => {
    expect(analyseIngredients(withAdditives('dried apricots', 2)).rating).toBe('amber');
    expect(analyseIngredients(withAdditives('dried apricots', 3)).rating).toBe('red');
    expect(analyseIngredients(withAdditives('apples', 2)).rating).toBe('amber');
    expect(analyseIngredients(withAdditives('apples', 3)).rating).toBe('red');
  });

  it('2. comes before 3: a cured product whose one additive is high-severity E250 is amber', () => {
    const result = analyseIngredients('pork, sodium nitrite');
    expect(result.concerns[0]).toMatchObject({ name: 'Sodium nitrite (E250)', severity: 'high' });
    expect(result).toMatchObject({ isProcessed: true, rating: 'amber' });
  });

  it('3. a high-severity concern in an unprocessed food is red', () => {
    expect(analyseIngredients('grape juice, sodium benzoate')).toMatchObject({
      rating: 'red',
      processingLevel: 'minimal',
    });
  });

  it('4. a medium concern, or a single additive, is amber', () => {
    expect(analyseIngredients('palm oil')).toMatchObject({ rating: 'amber', processingLevel: 'minimal' });
    expect(analyseIngredients('palm oil').concerns).toEqual([
      expect.objectContaining({ name: 'Palm oil', severity: 'medium' }),
    ]);
    expect(analyseIngredients('apples, E300')).toMatchObject({
      rating: 'amber',
      processingLevel: 'minimal',
      additiveCount: 1,
    });
  });

  it('5. green otherwise', () => {
    expect(analyseIngredients('oats, raisins, hazelnuts').rating).toBe('green');
  });

  it.each(['', '   ', ',,, ..', '()', 'E'])(
    'never rates %j outside green/amber/red (Unrated is for missing ratings only)',
    (text) => {
      const result = analyseIngredients(text);
      expect(analysisResultSchema.parse(result)).toEqual(result);
      expect(ratingLabel(result.rating)).not.toBe('Unrated');
    },
  );
});

describe('analyseIngredients: high-severity E-numbers of the spec', () => {
  it.each([
    'E102',
    'E104',
    'E110',
    'E124',
    'E129',
    'E211',
    'E220',
    'E221',
    'E222',
    'E223',
    'E224',
    'E250',
    'E951',
  ])('%s is a high-severity concern', (code) => {
    const result = analyseIngredients(`water, ${code}`);
    expect(result.concerns).toEqual([expect.objectContaining({ severity: 'high' })]);
    expect(result.concerns[0]!.name).toContain(`(${code})`);
    expect(result.rating).toBe(code === 'E250' ? 'amber' : 'red');
  });

  it.each([
    ['monosodium glutamate', 'E621'],
    ['aspartame', 'E951'],
    ['soy lecithin', 'E322'],
    ['sodium benzoate', 'E211'],
    ['yellow 5', 'E102'],
    ['Red 40', 'E129'],
    ['sunset yellow', 'E110'],
    ['potassium metabisulphite', 'E224'],
    ['potassium metabisulfite', 'E224'],
    ['mono- and diglycerides', 'E471'],
    ['baking soda', 'E500'],
    ['xanthan gum', 'E415'],
  ])('recognises %j without its number as %s', (name, code) => {
    const result = analyseIngredients(`water, ${name}`);
    expect(result.additiveCount).toBe(1);
    expect([...scanLabel(`water, ${name}`, 0).additives.keys()]).toEqual([code]);
  });

  it('reports an additive once however it is written, at its most severe', () => {
    const result = analyseIngredients('aspartame, E951, sweetener: aspartame');
    expect(result.additiveCount).toBe(1);
    expect(result.concerns).toHaveLength(1);
  });

  it('sorts concerns high then medium, lists no additive its own record finds no risk in, and leaves additives out of the clean list', () => {
    const result = analyseIngredients(
      'water, E300, palm oil, sodium benzoate, carrots, modified starch, E500',
    );
    expect(result.concerns.map((c) => c.severity)).toEqual(['high', 'medium']);
    expect(result.concerns.map((c) => c.name)).toEqual(['Sodium benzoate (E211)', 'Palm oil']);
    expect(result.additiveCount).toBe(4);
    expect(result.cleanIngredients).toEqual(['water', 'carrots']);
  });

  it('does not count what a label says is absent', () => {
    expect(
      analyseIngredients('apples, no preservatives, gluten-free oats, non-hydrogenated oil').concerns,
    ).toEqual([]);
    expect(analyseIngredients('apples, free from artificial colours').concerns).toEqual([]);
  });
});

describe('summariseAnalysis', () => {
  it('keeps what the server stores with a product', () => {
    const summary = summariseAnalysis(analyseIngredients('grape juice, sodium benzoate'));
    expect(summary).toEqual({
      rating: 'red',
      processingLevel: 'minimal',
      additiveCount: 1,
      isProcessed: false,
      isUltraProcessed: false,
      concerns: [
        {
          name: 'Sodium benzoate (E211)',
          severity: 'high',
          reason: expect.stringMatching(/EFSA found a high overexposure risk.*Look for/),
          source: 'https://doi.org/10.2903/j.efsa.2016.4433',
        },
      ],
      processingReason: expect.stringMatching(/NOVA group 1 or 2/),
    });
  });
});
