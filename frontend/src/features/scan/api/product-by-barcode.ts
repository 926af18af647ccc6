import type { ProductResponse } from '@labelwise/domain/contracts';
import { parsed } from '../../../shared/api/contracts';
import { requestHeaders, sendJson, throwIfNotOk } from '../../../shared/api/http-client';

export const barcodePath = (code: string) => `/api/products/barcode/${encodeURIComponent(code)}`;

/** GET /api/products/barcode/{code}: the product, or null when the barcode is unknown. */
export async function fetchProductByBarcode(code: string): Promise<ProductResponse | null> {
  const response = await fetch(barcodePath(code), {
    credentials: 'include',
    headers: await requestHeaders(),
  });
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return parsed((c) => c.productResponse, response.json());
}

export const PRODUCT_LOOKUPS_PATH = '/api/users/product-lookups';

/**
 * Puts a product the signed-in user opened by its barcode in their Scan History (free of the
 * monthly allowance). Only a printed code (8 to 14 digits) is recorded; a failure is only logged.
 */
export async function recordLookup(productId: number, barcode: string): Promise<void> {
  if (!/^\d{8,14}$/.test(barcode)) return;
  try {
    await sendJson('POST', PRODUCT_LOOKUPS_PATH, {
      productId,
      barcode,
      lookedUpAt: new Date().toISOString(),
    });
  } catch (error) {
    console.error('Lookup save failed:', error);
  }
}
