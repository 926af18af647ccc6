import { Box, Heading, Text } from '@chakra-ui/react';
import { ProductGrid, ProductGridSkeleton } from '../../../shared/ui/product-grid';
import { useSearchProducts } from '../api/search-products';

const SKELETON_CARDS = 4;

export function SearchResults({ term }: { term: string }) {
  const { data, isPending, isError, error } = useSearchProducts(term);

  if (!term) {
    return (
      <Text color="fg.muted" textAlign="center" paddingY="10">
        Enter a search term above
      </Text>
    );
  }
  if (isPending) {
    return (
      <Box role="status" aria-live="polite">
        <Text color="fg.muted" marginBottom="4">
          Searching...
        </Text>
        <ProductGridSkeleton count={SKELETON_CARDS} />
      </Box>
    );
  }
  if (isError) {
    return (
      <Text color="red.fg" role="alert" textAlign="center" paddingY="10">
        {error.message}
      </Text>
    );
  }
  if (data.length === 0) {
    return (
      <Box textAlign="center" paddingY="10" role="status">
        <Text fontWeight="semibold">No products found matching &quot;{term}&quot;</Text>
        <Text color="fg.muted">Try different keywords or check the spelling.</Text>
      </Box>
    );
  }
  return (
    <Box>
      <Box role="status" marginBottom="4">
        <Heading as="h2" size="md">
          {data.length} {data.length === 1 ? 'result' : 'results'} for &quot;{term}&quot;
        </Heading>
      </Box>
      <ProductGrid products={data} />
    </Box>
  );
}
