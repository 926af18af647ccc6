/**
 * A pack's quantity as the pack prints it. Open Food Facts writes the estimated sign ℮ (the EU
 * mark for an average quantity) as the letter e after the unit ("150 g e"), which reads as a
 * typo: it is shown as ℮ ("150 g ℮").
 */
export function quantityLabel(quantity: string): string {
  return quantity.replace(/(\d\s*(?:mg|g|kg|ml|cl|dl|l|oz|lb)\.?)\s*e(?![\p{L}\p{N}])/giu, '$1 ℮');
}
