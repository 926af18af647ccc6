import { productResponse, type ProductResponse } from '@labelwise/domain/contracts/products';
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
  return productResponse.parse(await response.json());
}
