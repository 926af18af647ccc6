import { Card, HStack, LinkOverlay, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { ProductCardData } from '../api/schemas';
import { RatingBadge } from './rating-badge';

export function ProductCard({
  product,
}: {
  product: Pick<ProductCardData, 'id' | 'name' | 'brand' | 'rating'>;
}) {
  return (
    <Card.Root
      size="sm"
      position="relative"
      _hover={{ shadow: 'md' }}
      transition="box-shadow 0.15s"
      height="full"
    >
      <Card.Body gap="2">
        {/* In a narrow card the badge wraps under the name instead of squeezing it to one word a line. */}
        <HStack justifyContent="space-between" alignItems="start" gap="2" flexWrap="wrap">
          <LinkOverlay asChild flex="1 1 8rem">
            <Link to={`/product/${product.id}`}>
              <Text fontWeight="semibold" lineClamp={3}>
                {product.name}
              </Text>
            </Link>
          </LinkOverlay>
          <RatingBadge rating={product.rating} flexShrink={0} />
        </HStack>
        {product.brand && (
          <Text fontSize="sm" color="gray.600" truncate>
            {product.brand}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
