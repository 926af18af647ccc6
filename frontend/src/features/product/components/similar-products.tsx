import { Box, Heading, Text } from '@chakra-ui/react';
import { ProductGrid, ProductGridSkeleton } from '../../../shared/ui/product-grid';
import { useSimilarProducts } from '../api/similar-products';

/** Products of the same kind that are strictly better (see GET /api/alternatives/{id}), or an honest none. */
export function SimilarProducts({ productId }: { productId: number }) {
  const { data, isPending, isError } = useSimilarProducts(productId);
  return (
    <Box as="section" aria-labelledby="similar-heading">
      <Heading as="h2" size="lg" id="similar-heading" marginBottom="3">
        Similar Products
      </Heading>
      {isPending ? (
        <ProductGridSkeleton count={3} />
      ) : isError ? (
        <Text color="fg.muted">No similar products found.</Text>
      ) : data.length === 0 ? (
        <Text color="fg.muted" data-testid="no-better-option">
          No better option in our catalogue yet
        </Text>
      ) : (
        <ProductGrid products={data.filter((product) => product.id !== productId).slice(0, 6)} />
      )}
    </Box>
  );
}
