import { Card, HStack, Text } from '@chakra-ui/react';
import type { ProductCardResponse } from '@labelwise/domain/contracts/products';
import { ProductLinkCard, ProductNameLink } from './product-link-card';
import { RatingBadge } from './rating-badge';

export function ProductCard({ product }: { product: ProductCardResponse }) {
  return (
    <ProductLinkCard>
      <Card.Body gap="2">
        {/* In a narrow card the badge wraps under the name instead of squeezing it to one word a line. */}
        <HStack justifyContent="space-between" alignItems="start" gap="2" flexWrap="wrap">
          <ProductNameLink product={product} lines={3} flex="1 1 8rem" />
          <RatingBadge rating={product.rating} flexShrink={0} />
        </HStack>
        {product.brand && (
          <Text fontSize="sm" color="fg.muted" truncate>
            {product.brand}
          </Text>
        )}
      </Card.Body>
    </ProductLinkCard>
  );
}
