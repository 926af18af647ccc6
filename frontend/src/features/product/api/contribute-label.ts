import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductResponse } from '@labelwise/domain/contracts';
import { sendJson } from '../../../shared/api/http-client';
import { productPath } from './product';

/** POST /api/products/{id}/label: an unrated product's English ingredients, rated by the server. */
export function useContributeLabel(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: { ingredients: string; offConsent: boolean }, context) =>
      sendJson<ProductResponse>('POST', `${productPath(productId)}/label`, label, context),
    onSuccess: (product) => queryClient.setQueryData([productPath(productId)], product),
  });
}
