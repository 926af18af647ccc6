import { Card, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { ProductGridSkeleton } from '../../../shared/ui/product-grid';
import { TrafficLight } from '../../../shared/ui/traffic-light';
import { useCommunityFavourites, type CommunityFavourite } from '../../../shared/api/community-favourites';
import { CommunityScore } from '../../../shared/ui/community-score';
import { EmptyState } from './empty-state';
import { HomeSection } from './home-section';
import { ProductLinkCard, ProductNameLink } from '../../../shared/ui/product-link-card';
import { ProductTileImage } from '../../../shared/ui/product-tile-image';

const SHOWN = 3;

function FavouriteCard({ product }: { product: CommunityFavourite }) {
  return (
    <ProductLinkCard height="auto">
      <ProductTileImage product={product} />
      <Card.Body gap="2">
        <HStack justifyContent="space-between" alignItems="start">
          <ProductNameLink product={product} />
          <TrafficLight rating={product.rating} />
        </HStack>
        {product.brand && (
          <Text fontSize="sm" color="fg.muted">
            {product.brand}
          </Text>
        )}
        <CommunityScore averageRating={product.averageRating} reviewCount={product.reviewCount} />
      </Card.Body>
    </ProductLinkCard>
  );
}

export function CommunityFavouritesSection() {
  const { data, isPending, isError } = useCommunityFavourites();
  return (
    <HomeSection title="Community Favourites" viewAllTo="/community">
      {isPending ? (
        <ProductGridSkeleton count={SHOWN} />
      ) : isError || data.length === 0 ? (
        <EmptyState message="No community favourites yet." />
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          {data.slice(0, SHOWN).map((product) => (
            <FavouriteCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
      )}
    </HomeSection>
  );
}
