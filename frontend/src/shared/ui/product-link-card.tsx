import { Card, LinkOverlay, Text, type CardRootProps, type LinkOverlayProps } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

/** A product tile that opens the product when clicked anywhere: put a `ProductNameLink` inside. */
export function ProductLinkCard(props: CardRootProps) {
  return (
    <Card.Root
      size="sm"
      position="relative"
      _hover={{ shadow: 'md' }}
      transition="box-shadow 0.15s"
      height="full"
      {...props}
    />
  );
}

/** The product's name as the link of its `ProductLinkCard` (the overlay stretches it over the card). */
export function ProductNameLink({
  product,
  lines = 2,
  ...overlay
}: { product: { id: number; name: string }; lines?: number } & Omit<LinkOverlayProps, 'asChild'>) {
  return (
    <LinkOverlay asChild {...overlay}>
      <Link to={`/product/${product.id}`}>
        {/* A long word ("Alpenvollmilchschokolade") breaks rather than widening a phone's grid. */}
        <Text fontWeight="semibold" lineClamp={lines} overflowWrap="anywhere">
          {product.name}
        </Text>
      </Link>
    </LinkOverlay>
  );
}
