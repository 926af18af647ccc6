import type { ProductResponse } from '@labelwise/domain/contracts/products';
import { parsed } from '../../../shared/api/contracts';
import { requestHeaders, throwIfNotOk } from '../../../shared/api/http-client';

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
