import { canonicalBarcode, type ImportedProduct } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';

/** What the catalogue holds for one canonical barcode, as far as the importer is concerned. */
export interface KnownProduct {
  productId: number;
  /** The `last_modified_t` of the last OFF record applied to it; null: never imported (a community product). */
  lastModifiedT: number | null;
  /**
   * That record left it Unrated before the importer kept OFF's reading of lists not in English
   * (see `recordedBeforeOffReading`): importing the same record again rates it.
   */
  awaitsOffReading?: true;
}

/**
 * An import recorded before OFF's reading of a list not in English was kept: Unrated for its
 * language, with no `offIngredients` to rate it from (reassess cannot, the record itself can).
 */
export function recordedBeforeOffReading(
  data: Pick<ImportedProduct, 'unratedReason' | 'offIngredients'>,
): boolean {
  return data.unratedReason === 'ingredients not in English' && data.offIngredients === undefined;
}

/**
 * Folds one event into `known` (canonical barcode → product): a claim points the barcode at its
 * product (keeping what was imported into that same product), an import or an update from the
 * source records its `last_modified_t` and whether it awaits OFF's reading. Other events change
 * nothing the importer decides by. `previous` gives what was known before for a barcode not in
 * `known` yet.
 */
export function foldKnownProduct(
  known: Map<string, KnownProduct>,
  event: RecordedEvent,
  previous: (barcode: string) => KnownProduct | undefined = () => undefined,
): void {
  const before = (barcode: string) => known.get(barcode) ?? previous(barcode);
  switch (event.type) {
    case 'BarcodeClaimed': {
      const barcode = canonicalBarcode(event.data.barcode);
      const prior = before(barcode);
      const { productId } = event.data;
      known.set(barcode, prior?.productId === productId ? prior : { productId, lastModifiedT: null });
      return;
    }
    case 'ProductImported':
    case 'ProductUpdatedFromSource': {
      const barcode = canonicalBarcode(event.data.code);
      const prior = before(barcode);
      const { productId, lastModifiedT } = event.data;
      const newer = prior?.productId === productId && (prior.lastModifiedT ?? -1) > lastModifiedT;
      const awaits = recordedBeforeOffReading(event.data) && { awaitsOffReading: true as const };
      known.set(barcode, newer ? prior : { productId, lastModifiedT, ...awaits });
      return;
    }
    default:
      return;
  }
}
