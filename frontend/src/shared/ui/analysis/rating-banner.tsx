import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { ratingLabel, NUTRITION_WARNING_LABELS, type NutritionWarning } from '@labelwise/domain/contracts';
import type { UnratedReason } from '@labelwise/domain/contracts';
import { ratingTone, type RatingTone } from '../../lib/rating-colours';
import { TrafficLight } from '../traffic-light';

const VERDICT: Record<RatingTone, string> = {
  green: 'A clean choice: simple ingredients and nothing worth worrying about.',
  amber: 'Some processing or additives. Fine now and then; worth checking the details.',
  red: 'Highly processed or contains additives of concern. Consider an alternative.',
  unrated: 'Not enough information to rate this product yet.',
};

/** Why an imported product is unrated, in plain words. */
const UNRATED_REASONS: Record<UnratedReason, string> = {
  'ingredients not in English':
    'Not rated: its ingredient list is not available in English, and we rate only what we can read.',
  'no ingredients': 'Not rated: no ingredient list is known for this product.',
};

/** Green ingredients are no clean choice when something is known against the nutrition. */
const poorNutrition = (warnings: NutritionWarning[]) =>
  `Simple ingredients, but not a clean choice: ${warnings.map((w) => NUTRITION_WARNING_LABELS[w]).join(', ')}.`;

/**
 * The traffic-light verdict at the top of the product page; 'Unrated' with its reason, if known.
 * The light is the ingredients' verdict; `nutritionWarnings` (high sugar, …) only change its words.
 */
export function RatingBanner({
  rating,
  unratedReason = null,
  nutritionWarnings = [],
}: {
  rating: string | null | undefined;
  unratedReason?: UnratedReason | null;
  nutritionWarnings?: NutritionWarning[];
}) {
  const tone = ratingTone(rating);
  const verdict =
    tone === 'unrated' && unratedReason
      ? UNRATED_REASONS[unratedReason]
      : tone === 'green' && nutritionWarnings.length > 0
        ? poorNutrition(nutritionWarnings)
        : VERDICT[tone];
  return (
    <Flex
      bg={`rating.${tone}.solid`}
      color={`rating.${tone}.contrast`}
      borderRadius="xl"
      padding={{ base: '4', md: '6' }}
      gap={{ base: '4', md: '6' }}
      alignItems="center"
      data-testid="rating-banner"
    >
      <TrafficLight rating={rating} upright />
      <Box>
        <Heading as="p" size="2xl" textStyle="display">
          {ratingLabel(rating)}
        </Heading>
        <Text>{verdict}</Text>
      </Box>
    </Flex>
  );
}
