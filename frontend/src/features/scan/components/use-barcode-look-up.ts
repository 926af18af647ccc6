import { useQueryClient } from '@tanstack/react-query';
import type { ProductResponse } from '@labelwise/domain/contracts';
import { useCallback } from 'react';
import { fetchProductByBarcode, recordLookup } from '../api/product-by-barcode';
import { refreshScanCaches } from '../api/save-scan';

/**
 * Every barcode lookup of the scan page (typed, camera, photo): a product found joins the
 * signed-in user's history; an unknown barcode goes to `onUnknown`, to be offered for labelling.
 */
export function useBarcodeLookUp(uid: string | null, onUnknown: (code: string) => void) {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string): Promise<ProductResponse | null> => {
      const product = await fetchProductByBarcode(code);
      if (!product) onUnknown(code);
      else if (uid) void recordLookup(product.id, code).then(() => refreshScanCaches(queryClient));
      return product;
    },
    [uid, queryClient, onUnknown],
  );
}
