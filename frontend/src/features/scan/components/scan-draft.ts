import type { ScanState } from './scan-state';

const KEY = 'labelwise-scan-draft';

/** The label being typed on /scan, and the new barcode it is for. */
export interface ScanDraft extends Pick<ScanState, 'productName' | 'brandName' | 'ingredients'> {
  newBarcode: string | null;
}

const TEXT_FIELDS = ['productName', 'brandName', 'ingredients'] as const;

/**
 * The draft kept for the tab's session, so the label a user typed survives a trip to /premium
 * (at the free limit) and back, or a reload. Storage that cannot be read keeps nothing.
 */
export function readScanDraft(storage: Storage = sessionStorage): Partial<ScanDraft> {
  try {
    const stored: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    const draft: Partial<ScanDraft> = {};
    for (const field of TEXT_FIELDS) {
      const value = (stored as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value;
    }
    const { newBarcode } = stored as Record<string, unknown>;
    if (typeof newBarcode === 'string') draft.newBarcode = newBarcode;
    return draft;
  } catch {
    return {};
  }
}

/** Keeps the draft, or forgets it once it is empty. */
export function keepScanDraft(draft: ScanDraft, storage: Storage = sessionStorage): void {
  const empty = TEXT_FIELDS.every((field) => draft[field] === '') && draft.newBarcode === null;
  try {
    if (empty) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or refused storage only loses the convenience.
  }
}

/** Forgets the draft: it was analysed and saved. */
export function clearScanDraft(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
