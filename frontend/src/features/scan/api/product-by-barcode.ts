import { requestHeaders, throwIfNotOk } from '../../../shared/api/http-client';
import { productSchema, type Product } from '../../../shared/api/schemas';

export const barcodePath = (code: string) => `/api/products/barcode/${encodeURIComponent(code)}`;

/** GET /api/products/barcode/{code}: the product, or null when the barcode is unknown. */
export async function fetchProductByBarcode(code: string): Promise<Product | null> {
  const response = await fetch(barcodePath(code), {
    credentials: 'include',
    headers: await requestHeaders(),
  });
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return productSchema.parse(await response.json());
}
