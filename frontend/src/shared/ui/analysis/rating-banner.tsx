import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import {
  ratingLabel,
  ratingTone,
  verdictReason,
  type NutritionWarning,
  type UnratedReason,
} from '@labelwise/domain/contracts';
import { TrafficLight } from '../traffic-light';

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
  const verdict = verdictReason(rating, unratedReason, nutritionWarnings);
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
