import { Card, HStack, Text } from '@chakra-ui/react';
import type { ProductCardResponse } from '@labelwise/domain/contracts';
import { DietaryMarkers } from './dietary-markers';
import { NutritionWarnings } from './nutrition-warnings';
import { ProductLinkCard, ProductNameLink } from './product-link-card';
import { ProductTileImage } from './product-tile-image';
import { TrafficLight } from './traffic-light';

/** A tile's product; one from a scan list carries when it was scanned or looked up. */
export type TileProduct = ProductCardResponse & { scannedAt?: string };

/** "Scanned 27 November 2026", in the reader's time zone (dates read in full, as elsewhere in the app). */
export const scanDateLabel = (iso: string) =>
  `Scanned ${new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}`;

/**
 * A product tile: its photo (or a drawing of its kind of food), name, traffic light, brand, what is
 * high in it, and in a scan list the date it was scanned.
 */
export function ProductCard({ product }: { product: TileProduct }) {
  return (
    <ProductLinkCard>
      <ProductTileImage product={product} />
      <Card.Body gap="2">
        {/* In a narrow card the light wraps under the name instead of squeezing it to one word a line. */}
        <HStack justifyContent="space-between" alignItems="start" gap="2" flexWrap="wrap">
          <ProductNameLink product={product} lines={3} flex="1 1 8rem" />
          <TrafficLight rating={product.rating} flexShrink={0} />
        </HStack>
        {product.brand && (
          <Text fontSize="sm" color="fg.muted" truncate>
            {product.brand}
          </Text>
        )}
        {product.scannedAt && (
          <Text fontSize="xs" color="fg.muted">
            <time dateTime={product.scannedAt}>{scanDateLabel(product.scannedAt)}</time>
          </Text>
        )}
        <NutritionWarnings warnings={product.nutritionWarnings} />
        <DietaryMarkers flags={product.dietaryFlags} />
      </Card.Body>
    </ProductLinkCard>
  );
}
