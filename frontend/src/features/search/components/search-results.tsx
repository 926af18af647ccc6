import { Box, Heading, Stack, Text } from '@chakra-ui/react';
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
  const matches = data.filter((hit) => !hit.nearMatch);
  const near = data.filter((hit) => hit.nearMatch);
  return (
    <Stack gap="8">
      {matches.length === 0 ? (
        <Box textAlign="center" paddingY={near.length > 0 ? '4' : '10'} role="status">
          <Text fontWeight="semibold">No products found matching &quot;{term}&quot;</Text>
          <Text color="fg.muted">Try different keywords or check the spelling.</Text>
        </Box>
      ) : (
        <Box as="section" aria-labelledby="search-results-heading">
          <Box role="status" marginBottom="4">
            <Heading as="h2" size="md" id="search-results-heading">
              {matches.length} {matches.length === 1 ? 'result' : 'results'} for &quot;{term}&quot;
            </Heading>
          </Box>
          <ProductGrid products={matches} />
        </Box>
      )}
      {near.length > 0 && (
        <Box as="section" aria-labelledby="near-matches-heading" data-testid="near-matches">
          <Heading as="h2" size="md" id="near-matches-heading">
            Near matches
          </Heading>
          <Text color="fg.muted" marginBottom="4">
            They hold some of the words, or all of them apart in their ingredients.
          </Text>
          <ProductGrid products={near} />
        </Box>
      )}
    </Stack>
  );
}
