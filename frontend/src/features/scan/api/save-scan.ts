import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Rating } from '@labelwise/domain/contracts';
import { UNNAMED_SCAN_NAME } from '@labelwise/domain/contracts';
import { writeHeaders } from '../../../shared/api/http-client';
import { RECENTLY_SCANNED_PATH } from '../../../shared/api/recently-scanned';
import { SCANNED_PRODUCTS_PATH } from '../../../shared/api/scanned-products';
import { USER_PROFILE_PATH } from '../../../shared/api/user-profile';
import { USER_STATS_PATH } from '../../../shared/api/user-stats';
import { rememberedFor, type UserAction } from '../../../shared/api/user-action';

export const PRODUCTS_PATH = '/api/products';

export interface ScanToSave {
  productName: string;
  brandName: string;
  ingredients: string;
  rating: Rating;
  /** The unknown barcode the user is labelling: the product is saved under it. */
  barcode?: string;
  /** The user's answer to 'Share this label with Open Food Facts' (asked with a barcode). */
  offConsent?: boolean;
}

/** The saved product, and whether someone had already added its barcode (then it is theirs). */
export interface SavedScan {
  productId: number;
  alreadyKnown: boolean;
}

/**
 * `POST /api/products` body; manual scans default their name, brand and barcode. The server
 * keeps a scan without a real name or barcode to its creator (issue #22): no flag is sent for it.
 */
export function newProductBody(scan: ScanToSave, now: Date = new Date()) {
  return {
    name: scan.productName.trim() || UNNAMED_SCAN_NAME,
    brand: scan.brandName.trim() || 'User Input',
    barcode: scan.barcode ?? `MANUAL_${now.getTime()}`,
    ingredients: scan.ingredients.trim(),
    description: '',
    weight: '',
    rating: scan.rating,
    ...(scan.offConsent === undefined ? {} : { offConsent: scan.offConsent }),
  };
}

async function post(url: string, body: unknown, action: UserAction): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: await writeHeaders('POST', url, action),
    body: JSON.stringify(body),
  });
}

/**
 * Saves the analysed product, then records the scan. Failures are only logged
 * ('Product creation failed: {status}', 'Scan save failed: {status}'); resolves to the product
 * when the scan was recorded. A retry of the same `action` sends the same requests with the same
 * `Idempotency-Key`s (the time of the save included), so it creates no second product or scan.
 */
export async function saveScan(scan: ScanToSave, action: UserAction = {}): Promise<SavedScan | null> {
  const savedAt = rememberedFor(action, 'saved at', () => new Date());
  const created = await post(PRODUCTS_PATH, newProductBody(scan, savedAt), action);
  if (!created.ok) {
    console.error(`Product creation failed: ${created.status}`);
    return null;
  }
  const product = (await created.json()) as { id: number };
  const recorded = await post(
    SCANNED_PRODUCTS_PATH,
    { productId: product.id, scannedAt: savedAt.toISOString() },
    action,
  );
  if (!recorded.ok) {
    console.error(`Scan save failed: ${recorded.status}`);
    return null;
  }
  // 200 instead of 201: the barcode (or label) was already someone's product.
  return { productId: product.id, alreadyKnown: created.status === 200 };
}

/** After a scan the scanned-products and user-stats caches refresh (and the lists that show scans). */
export async function refreshScanCaches(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [SCANNED_PRODUCTS_PATH, USER_STATS_PATH, USER_PROFILE_PATH, RECENTLY_SCANNED_PATH].map((path) =>
      // Inactive queries too: the app never refetches on mount, so Home must get fresh counts now.
      queryClient.invalidateQueries({ queryKey: [path], refetchType: 'all' }),
    ),
  );
}

export function useSaveScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScan,
    onError: (error) => console.error('Scan save failed:', error),
    onSettled: () => refreshScanCaches(queryClient),
  });
}
