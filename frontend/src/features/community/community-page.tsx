import { Box, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuAward, LuTrendingUp } from 'react-icons/lu';
import {
  useCommunityFavourites,
  type CommunityFavourite,
  type FavouriteOrder,
} from '../../shared/api/community-favourites';
import { CommunityScore } from '../../shared/ui/community-score';
import { PageContainer } from '../../shared/ui/page-container';
import { ProductGridSkeleton } from '../../shared/ui/product-grid';
import { ProductLinkCard, ProductNameLink } from '../../shared/ui/product-link-card';
import { ProductTileImage } from '../../shared/ui/product-tile-image';

const SHOWN = 3;

function FavouriteCard({ product, rank }: { product: CommunityFavourite; rank: number }) {
  return (
    <ProductLinkCard>
      <ProductTileImage product={product} />
      <Card.Body gap="2">
        <HStack alignItems="start" gap="3">
          <Flex
            flexShrink={0}
            width="8"
            height="8"
            borderRadius="full"
            bg="green.muted"
            color="green.fg"
            fontWeight="bold"
            alignItems="center"
            justifyContent="center"
            aria-hidden
          >
            {rank}
          </Flex>
          <Stack gap="0.5" minWidth="0">
            <ProductNameLink product={product} />
            {product.brand && (
              <Text fontSize="sm" color="fg.muted" truncate>
                {product.brand}
              </Text>
            )}
          </Stack>
        </HStack>
        <CommunityScore averageRating={product.averageRating} reviewCount={product.reviewCount} />
      </Card.Body>
    </ProductLinkCard>
  );
}

function FavouriteSection({
  title,
  icon,
  order,
  emptyMessage,
}: {
  title: string;
  icon: ReactNode;
  order: FavouriteOrder;
  emptyMessage: string;
}) {
  const { data, isPending, isError } = useCommunityFavourites(order, SHOWN);
  const headingId = `community-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Flex alignItems="center" gap="2" marginBottom="3">
        <Flex color="green.fg" aria-hidden>
          {icon}
        </Flex>
        <Heading as="h2" size="lg" id={headingId}>
          {title}
        </Heading>
      </Flex>
      {isPending ? (
        <ProductGridSkeleton count={SHOWN} />
      ) : isError || data.length === 0 ? (
        <Text
          color="fg.muted"
          borderWidth="1px"
          borderStyle="dashed"
          borderRadius="lg"
          padding="6"
          textAlign="center"
        >
          {isError ? 'Could not load these products. Please try again later.' : emptyMessage}
        </Text>
      ) : (
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="4">
          {data.map((product, index) => (
            <li key={product.id}>
              <FavouriteCard product={product} rank={index + 1} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}

/** /community: Community Favourites, ranked from real scans and reviews. */
export function CommunityPage() {
  return (
    <PageContainer>
      <Stack gap={{ base: '6', md: '10' }}>
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Community Favourites
          </Heading>
          <Text color="fg.muted">The products the Labelwise community loves most.</Text>
        </Stack>
        <FavouriteSection
          title="Trending This Month"
          icon={<LuTrendingUp />}
          order="trending"
          emptyMessage="No reviewed green product has been scanned this month yet."
        />
        <FavouriteSection
          title="Highest Rated Clean Eats"
          icon={<LuAward />}
          order="top-rated"
          emptyMessage="No green product has been reviewed yet."
        />
      </Stack>
    </PageContainer>
  );
}
