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
        <HStack justifyContent="space-between" alignItems="start" gap="2">
          <LinkOverlay asChild>
            <Link to={`/product/${product.id}`}>
              <Text fontWeight="semibold" lineClamp={2}>
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
