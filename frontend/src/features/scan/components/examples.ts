import type { Rating } from '@labelwise/domain/contracts';

export type ExampleKey = Rating;

export interface ScanExample {
  key: ExampleKey;
  /** The button label: the display name of the rating the sample earns. */
  label: 'Green' | 'Risk' | 'Warning';
  ingredients: string;
}

/** The scan page's example buttons Green, Risk and Warning (good, mixed, bad samples). */
export const SCAN_EXAMPLES: readonly ScanExample[] = [
  {
    key: 'green',
    label: 'Green',
    ingredients: 'Organic rolled oats, organic raisins, organic almonds, organic sunflower seeds',
  },
  {
    key: 'amber',
    label: 'Risk',
    ingredients: 'Wholemeal wheat flour, water, yeast, salt, rapeseed oil, citric acid (E330)',
  },
  {
    key: 'red',
    label: 'Warning',
    ingredients:
      'Sugar, glucose syrup, modified maize starch, hydrogenated palm oil, whey powder (milk), emulsifiers (E471, soy lecithin), flavourings, colours (E102, E129), preservative (sodium benzoate), sweetener (aspartame)',
  },
];

/** The example's rating appears about 0.8 s after the button is pressed. */
export const EXAMPLE_DELAY_MS = 800;
/** Analysing takes about 1 s before the result shows. */
export const ANALYSE_DELAY_MS = 1000;

export const exampleByKey = (key: ExampleKey): ScanExample => SCAN_EXAMPLES.find((e) => e.key === key)!;

/** Whether the ingredient text is still exactly the example's sample (surrounding spaces ignored). */
export const matchesExample = (key: ExampleKey | null, text: string): key is ExampleKey =>
  key !== null && exampleByKey(key).ingredients === text.trim();

/** On analyse, the example stays selected only while the text still matches it. */
export const exampleOnAnalyse = (key: ExampleKey | null, text: string): ExampleKey | null =>
  matchesExample(key, text) ? key : null;
