/** What an import does with one mapped product, given what was imported before for its barcode. */
export type ImportAction = 'import' | 'update' | 'unchanged';

/**
 * Idempotency by `code` + `last_modified_t`: a barcode not seen before is imported; a newer
 * `last_modified_t` than the one recorded is an update; the same or an older one (re-running a
 * file, an older export, a delta already applied) changes nothing. `known` is the recorded
 * `lastModifiedT` for the product's canonical barcode, null when none.
 */
export function importAction(known: number | null | undefined, lastModifiedT: number): ImportAction {
  if (known === null || known === undefined) return 'import';
  return lastModifiedT > known ? 'update' : 'unchanged';
}
