import { itemText, readLabel } from './label-reader';

/**
 * The list of ingredients on a label, lower case, in reading order, a compound ingredient
 * before its parts: "Milk chocolate (sugar, cocoa butter), emulsifier: lecithins (soy)" →
 * ["milk chocolate", "sugar", "cocoa butter", "lecithins"]. Class labels and annotations such
 * as "(soy)" or "(preservative)" describe an ingredient rather than being one.
 */
export function parseIngredients(text: string): string[] {
  const label = readLabel(text, null, null);
  return label.items.map((item) => itemText(label.text, item));
}
