import { Card, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useCleanAlternatives } from '../../../shared/api/clean-alternatives';
import { ProductGrid, ProductGridSkeleton } from '../../../shared/ui/product-grid';
import { HomeSection } from './home-section';

const SHOWN = 3;

function PlaceholderCards() {
  return (
    <SimpleGrid
      columns={{ base: 2, md: 3 }}
      gap={{ base: '3', md: '4' }}
      data-testid="clean-alternatives-placeholders"
    >
      {Array.from({ length: SHOWN }, (_, index) => (
        <Card.Root key={index} size="sm" variant="subtle">
          <Card.Body gap="2">
            <Skeleton height="4" width="70%" animation="none" />
            <Text fontSize="sm" color="fg.muted">
              Clean choices will appear here
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

export function CleanAlternativesSection() {
  const { data, isPending, isError } = useCleanAlternatives();
  return (
    <HomeSection title="Clean Alternatives" viewAllTo="/alternatives">
      {isPending ? (
        <ProductGridSkeleton count={SHOWN} />
      ) : isError || data.length === 0 ? (
        <PlaceholderCards />
      ) : (
        <ProductGrid products={data.slice(0, SHOWN)} />
      )}
    </HomeSection>
  );
}
