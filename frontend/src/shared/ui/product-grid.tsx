import { Box, SimpleGrid, Skeleton, type SimpleGridProps } from '@chakra-ui/react';
import { ProductCard, type TileProduct } from './product-card';

const GRID: SimpleGridProps = { columns: { base: 2, md: 3 }, gap: { base: '3', md: '4' } };

/** The two-column (three on desktop) product card grid. */
export function ProductGrid({ products }: { products: TileProduct[] }) {
  return (
    <SimpleGrid {...GRID} as="ul" listStyleType="none">
      {products.map((product) => (
        <Box as="li" key={product.id} minWidth="0">
          <ProductCard product={product} />
        </Box>
      ))}
    </SimpleGrid>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid {...GRID} aria-hidden data-testid="product-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height="56" borderRadius="md" />
      ))}
    </SimpleGrid>
  );
}
