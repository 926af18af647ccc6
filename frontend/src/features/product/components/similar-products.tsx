import { Box, Heading, Text } from '@chakra-ui/react';
import { ProductGrid, ProductGridSkeleton } from '../../../shared/ui/product-grid';
import { useSimilarProducts } from '../api/similar-products';

export function SimilarProducts({ productId }: { productId: number }) {
  const { data, isPending, isError } = useSimilarProducts(productId);
  return (
    <Box as="section" aria-labelledby="similar-heading">
      <Heading as="h2" size="lg" id="similar-heading" marginBottom="3">
        Similar Products
      </Heading>
      {isPending ? (
        <ProductGridSkeleton count={3} />
      ) : isError || data.length === 0 ? (
        <Text color="fg.muted">No similar products found.</Text>
      ) : (
        <ProductGrid products={data.filter((product) => product.id !== productId).slice(0, 6)} />
      )}
    </Box>
  );
}
