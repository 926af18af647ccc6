import { Box, Card, Flex, Heading, HStack, RatingGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuAward, LuTrendingUp } from 'react-icons/lu';
import { PageContainer } from '../../shared/ui/page-container';
import { ProductLinkCard, ProductNameLink } from '../../shared/ui/product-link-card';

interface Favourite {
  id: number;
  name: string;
  brand: string;
  stars: number;
  reviews: number;
}

/** Spec §2 Community: static lists with hard-coded links to the starter products 1, 2, 3, 5, 6 and 7. */
const TRENDING: Favourite[] = [
  { id: 1, name: 'Jumbo Rolled Oats', brand: 'Hearth & Field', stars: 4.8, reviews: 156 },
  { id: 2, name: 'Natural Greek Style Yogurt', brand: 'Meadowvale Dairy', stars: 4.6, reviews: 98 },
  { id: 3, name: 'Smooth Peanut Butter', brand: 'Nutwright', stars: 4.7, reviews: 124 },
];

const HIGHEST_RATED: Favourite[] = [
  { id: 5, name: 'Extra Virgin Olive Oil', brand: 'Casa Oliva', stars: 4.9, reviews: 203 },
  { id: 6, name: 'Mixed Nuts', brand: 'Nutwright', stars: 4.8, reviews: 87 },
  { id: 7, name: 'Wholemeal Sourdough', brand: 'Hearth & Field', stars: 4.7, reviews: 142 },
];

function FavouriteCard({ product, rank }: { product: Favourite; rank: number }) {
  return (
    <ProductLinkCard>
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
            <Text fontSize="sm" color="fg.muted" truncate>
              {product.brand}
            </Text>
          </Stack>
        </HStack>
        <HStack gap="2" fontSize="sm" color="fg">
          <RatingGroup.Root
            count={5}
            value={Math.round(product.stars)}
            readOnly
            size="xs"
            colorPalette="orange"
            aria-label={`${product.stars} out of 5 stars`}
          >
            <RatingGroup.Control />
          </RatingGroup.Root>
          <Text>
            {product.stars} ({product.reviews} reviews)
          </Text>
        </HStack>
      </Card.Body>
    </ProductLinkCard>
  );
}

function FavouriteSection({
  title,
  icon,
  products,
}: {
  title: string;
  icon: ReactNode;
  products: Favourite[];
}) {
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
      <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="4">
        {products.map((product, index) => (
          <li key={product.id}>
            <FavouriteCard product={product} rank={index + 1} />
          </li>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** Spec §2 /community: Community Favourites. */
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
        <FavouriteSection title="Trending This Month" icon={<LuTrendingUp />} products={TRENDING} />
        <FavouriteSection title="Highest Rated Clean Eats" icon={<LuAward />} products={HIGHEST_RATED} />
      </Stack>
    </PageContainer>
  );
}
