import { Badge, Box, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuLeaf, LuShieldCheck } from 'react-icons/lu';
import { useCleanAlternatives } from '../../shared/api/clean-alternatives';
import type { ProductCardResponse } from '@labelwise/domain/contracts';
import { BackButton } from '../../shared/ui/back-button';
import { PageContainer } from '../../shared/ui/page-container';
import { ProductGridSkeleton } from '../../shared/ui/product-grid';
import { ProductLinkCard, ProductNameLink } from '../../shared/ui/product-link-card';
import { ProductTileImage } from '../../shared/ui/product-tile-image';

function BenefitCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card.Root bg="green.subtle" borderColor="green.muted">
      <Card.Body>
        <HStack alignItems="start" gap="3">
          <Flex
            flexShrink={0}
            width="10"
            height="10"
            borderRadius="full"
            bg="green.muted"
            color="green.fg"
            alignItems="center"
            justifyContent="center"
            aria-hidden
          >
            {icon}
          </Flex>
          <Stack gap="1">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            <Text fontSize="sm" color="fg">
              {children}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function CleanCard({ product }: { product: ProductCardResponse }) {
  return (
    <ProductLinkCard>
      <ProductTileImage product={product} />
      <Card.Body gap="2">
        <ProductNameLink product={product} />
        {product.brand && (
          <Text fontSize="sm" color="fg.muted" truncate>
            {product.brand}
          </Text>
        )}
        <Badge colorPalette="green" variant="solid" alignSelf="start">
          <LuLeaf aria-hidden /> Clean Choice
        </Badge>
      </Card.Body>
    </ProductLinkCard>
  );
}

function CleanRatedProducts() {
  const { data, isPending } = useCleanAlternatives();
  if (isPending) return <ProductGridSkeleton count={6} />;
  if (!data || data.length === 0)
    return (
      <Box
        bg="bg.panel"
        borderWidth="1px"
        borderStyle="dashed"
        borderRadius="lg"
        padding="8"
        textAlign="center"
      >
        <Text color="fg.muted">No clean alternatives found</Text>
      </Box>
    );
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3 }} gap={{ base: '3', md: '4' }}>
      {data.map((product) => (
        <li key={product.id}>
          <CleanCard product={product} />
        </li>
      ))}
    </SimpleGrid>
  );
}

/** /alternatives: why clean products, then every green-rated product. */
export function AlternativesPage() {
  return (
    <PageContainer>
      <Stack gap={{ base: '6', md: '8' }}>
        <BackButton />
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Clean Alternatives
          </Heading>
          <Text color="fg.muted">Swap ultra-processed picks for products rated Green by the analyser.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <BenefitCard icon={<LuShieldCheck />} title="No Artificial Additives">
            Free from artificial sweeteners, colours and preservatives flagged as concerning.
          </BenefitCard>
          <BenefitCard icon={<LuLeaf />} title="Whole Food Ingredients">
            Short ingredient lists made from foods you would recognise in your own kitchen.
          </BenefitCard>
        </SimpleGrid>
        <Box as="section" aria-labelledby="clean-rated-products">
          <Heading as="h2" size="lg" marginBottom="3" id="clean-rated-products">
            Clean Rated Products
          </Heading>
          <CleanRatedProducts />
        </Box>
      </Stack>
    </PageContainer>
  );
}
