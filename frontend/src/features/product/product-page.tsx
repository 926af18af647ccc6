import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  analyseIngredients,
  loadLabelLanguage,
  plainIngredientText,
  analysisResultSchema,
  quantityLabel,
  type AnalysisResult,
} from '@labelwise/domain/contracts';
import type { Preferences, ProductResponse } from '@labelwise/domain/contracts';
import { useEffect, useMemo, useState } from 'react';
import { LuScanLine } from 'react-icons/lu';
import { Link, useParams } from 'react-router-dom';
import { useUserPreferences } from '../../shared/api/user-preferences';
import { useAuth } from '../../shared/auth/auth-context';
import { useDocumentTitle, useMetaProperties } from '../../shared/lib/document-title';
import { IngredientAnalysis } from '../../shared/ui/analysis/ingredient-analysis';
import { DietaryAlerts } from '../../shared/ui/analysis/dietary-alerts';
import { FrontOfPack } from '../../shared/ui/analysis/front-of-pack';
import { RatingBanner } from '../../shared/ui/analysis/rating-banner';
import { BackButton } from '../../shared/ui/back-button';
import { PageContainer } from '../../shared/ui/page-container';
import { SearchForm } from '../../shared/ui/search-form';
import { useProduct } from './api/product';
import { AddEnglishLabel } from './components/add-english-label';
import { cachedAnalysis } from './components/cached-analysis';
import { OffFacts, OffProductImage } from './components/off-facts';
import { ProductLoading } from './components/product-loading';
import { ReviewsSection } from './components/reviews-section';
import { ShareButton } from './components/share-button';
import { shareText } from './components/share-text';
import { SimilarProducts } from './components/similar-products';

const parseAnalysis = (value: unknown) => analysisResultSchema.safeParse(value).data ?? null;

/** The analysis once the signed-in user's preferences (for dietary alerts) are known. */
function useProductAnalysis(product: ProductResponse | undefined): AnalysisResult | null {
  const { status, user } = useAuth();
  const preferences = useUserPreferences(user?.uid ?? null);
  const preferencesSettled =
    status === 'unauthenticated' || (status === 'authenticated' && !preferences.isPending);
  const prefs: Preferences | undefined = preferences.data;

  // A list not in English is analysed as read by Open Food Facts' ingredient analysis.
  const ingredients = product?.ingredients || product?.analysis?.readFrom?.ingredients;
  const languageReady = useLabelLanguage(ingredients);
  return useMemo(() => {
    if (!product || !ingredients || !preferencesSettled || !languageReady) return null;
    return cachedAnalysis(product.id, () => analyseIngredients(ingredients, prefs), parseAnalysis);
  }, [product, ingredients, preferencesSettled, prefs, languageReady]);
}

/** Whether the words of `ingredients`' language are loaded (a label in another language fetches them once). */
function useLabelLanguage(ingredients: string | undefined): boolean {
  const [readyFor, setReadyFor] = useState<string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    if (ingredients) void loadLabelLanguage(ingredients).then(() => current && setReadyFor(ingredients));
    return () => {
      current = false;
    };
  }, [ingredients]);
  return ingredients !== undefined && readyFor === ingredients;
}

/** The list as printed, and, for a list not in English, where the verdict was read from. */
function IngredientsSection({ product }: { product: ProductResponse }) {
  const readFrom = product.ingredients ? undefined : product.analysis?.readFrom;
  const printed = product.ingredients || readFrom?.ingredientsText;
  if (!printed) return null;
  return (
    <Box as="section" aria-labelledby="ingredients-heading">
      <Heading as="h2" size="lg" id="ingredients-heading" marginBottom="2">
        Ingredients
      </Heading>
      {readFrom && (
        <Text color="fg.muted" marginBottom="2">
          This list is not in English: the verdict was read from Open Food Facts' ingredient analysis of it.
        </Text>
      )}
      <Text
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="md"
        padding="4"
        color="fg"
        lang={readFrom?.language ?? undefined}
      >
        {plainIngredientText(printed)}
      </Text>
    </Box>
  );
}

/** An unknown or removed product: search for it, or scan its label. */
function ProductNotFound() {
  return (
    <PageContainer>
      <Stack gap="4" alignItems="start">
        <BackButton />
        <Heading as="h1" size="xl">
          Product not found
        </Heading>
        <Text color="fg.muted">Search for it by name or brand, or scan its label to analyse it.</Text>
        <Box width="full" maxWidth="xl">
          <SearchForm label="Search products by name or brand" />
        </Box>
        <Button asChild colorPalette="green">
          <Link to="/scan">
            <LuScanLine aria-hidden /> Scan a Product
          </Link>
        </Button>
      </Stack>
    </PageContainer>
  );
}

export function ProductPage() {
  const id = Number(useParams().id) || 0;
  const { data: product, isLoading } = useProduct(id);
  const analysis = useProductAnalysis(product);
  useDocumentTitle(isLoading ? undefined : (product?.name ?? 'Product not found'));
  useMetaProperties(
    product
      ? {
          'og:title': product.brand ? `${product.name} (${product.brand})` : product.name,
          'og:type': 'product',
          'og:url': window.location.href,
        }
      : null,
  );

  if (isLoading) return <ProductLoading />;
  if (!product) return <ProductNotFound />;

  const unrated = product.unratedReason !== null;
  const rating = unrated ? null : (product.rating ?? analysis?.rating ?? null);
  return (
    <PageContainer maxWidth="4xl">
      <Stack gap={{ base: '6', md: '8' }}>
        <Flex justifyContent="space-between" alignItems="center">
          <BackButton />
          <ShareButton
            title={`${product.name} on Labelwise`}
            text={shareText({ ...product, rating, concerns: analysis?.concerns ?? [] })}
          />
        </Flex>
        <Flex gap="4" alignItems="start" direction={{ base: 'column', sm: 'row' }}>
          {product.off && <OffProductImage off={product.off} name={product.name} />}
          <Box>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
              {product.name}
            </Heading>
            <HStack gap="2" color="fg.muted" wrap="wrap">
              {product.brand && <Text>{product.brand}</Text>}
              {product.weight && <Badge variant="outline">{quantityLabel(product.weight)}</Badge>}
            </HStack>
            {product.description && (
              <Text marginTop="2" color="fg">
                {product.description}
              </Text>
            )}
          </Box>
        </Flex>
        <RatingBanner
          rating={rating}
          unratedReason={product.unratedReason}
          nutritionWarnings={product.off?.frontOfPack.warnings}
        />
        {(unrated || (!product.ingredients && product.analysis?.readFrom)) && (
          <AddEnglishLabel productId={product.id} />
        )}
        {analysis && !unrated && <DietaryAlerts alerts={analysis.dietaryAlerts} />}
        {product.off && <FrontOfPack verdict={product.off.frontOfPack} />}
        <IngredientsSection product={product} />
        {analysis && !unrated && <IngredientAnalysis analysis={analysis} />}
        {product.off && (
          <OffFacts
            off={product.off}
            processingLevel={
              unrated ? null : (product.analysis?.processingLevel ?? analysis?.processingLevel ?? null)
            }
          />
        )}
        <ReviewsSection productId={product.id} />
        <SimilarProducts productId={product.id} />
      </Stack>
    </PageContainer>
  );
}
