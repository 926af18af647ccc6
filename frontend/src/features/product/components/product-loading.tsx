import { Heading, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import {
  NUTRITION_WARNINGS,
  quantityLabel,
  RATINGS,
  type NutritionWarning,
  type Rating,
  type UnratedReason,
} from '@labelwise/domain/contracts';
import { useParams } from 'react-router-dom';
import { peekHandedOver } from '../../../shared/api/handed-over';
import { RatingBanner } from '../../../shared/ui/analysis/rating-banner';
import { PageContainer } from '../../../shared/ui/page-container';
import { productPath } from '../api/product';

interface FirstView {
  name: string;
  details: string;
  rating: Rating | null;
  unratedReason: UnratedReason | null;
  nutritionWarnings: NutritionWarning[];
}

const UNRATED_REASONS: readonly string[] = ['ingredients not in English', 'no ingredients'];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * What the page shows first of the answer the server sent with a shared link, if it did: read as
 * sent (its contract checks it when the page's code arrives), keeping only what it can show.
 */
function handedOverView(id: number): FirstView | null {
  const answer = peekHandedOver(productPath(id)) as Record<string, unknown> | null;
  if (!answer || typeof answer !== 'object' || typeof answer.name !== 'string') return null;
  const rating = RATINGS.find((known) => known === answer.rating) ?? null;
  const reason = UNRATED_REASONS.includes(text(answer.unratedReason)) ? answer.unratedReason : null;
  const off = answer.off as { frontOfPack?: { warnings?: unknown[] } } | null | undefined;
  return {
    name: answer.name,
    details: [text(answer.brand), quantityLabel(text(answer.weight))].filter(Boolean).join(' · '),
    rating,
    unratedReason: reason as UnratedReason | null,
    nutritionWarnings: (off?.frontOfPack?.warnings ?? []).filter((warning): warning is NutritionWarning =>
      NUTRITION_WARNINGS.includes(warning as NutritionWarning),
    ),
  };
}

/**
 * The shape of the product screen while it loads (in the start-up code: it stands in while the
 * page's own code arrives). A shared link shows the product's name, brand, quantity and verdict at
 * once, as the server wrote them into the page.
 */
export function ProductLoading() {
  const view = handedOverView(Number(useParams().id) || 0);
  return (
    <PageContainer maxWidth="4xl">
      <Stack gap={{ base: '6', md: '8' }}>
        <Skeleton height="8" width="20" />
        {view ? (
          <Stack gap="1">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
              {view.name}
            </Heading>
            {view.details && <Text color="fg.muted">{view.details}</Text>}
          </Stack>
        ) : (
          <Stack gap="2">
            <Skeleton height="10" width="70%" />
            <Skeleton height="5" width="30%" />
          </Stack>
        )}
        {view && (
          <RatingBanner
            rating={view.rating}
            unratedReason={view.unratedReason}
            nutritionWarnings={view.nutritionWarnings}
          />
        )}
        <Stack gap={{ base: '6', md: '8' }} role="status" aria-label="Loading product">
          {!view && <Skeleton height="28" borderRadius="xl" />}
          <SkeletonText noOfLines={4} gap="3" />
        </Stack>
      </Stack>
    </PageContainer>
  );
}
