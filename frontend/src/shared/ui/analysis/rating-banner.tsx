import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { ratingLabel } from '@labelwise/domain/contracts/rating';
import { ratingTone, type RatingTone } from '../../lib/rating-colours';
import { TrafficLight } from '../traffic-light';

const VERDICT: Record<RatingTone, string> = {
  green: 'A clean choice: simple ingredients and nothing worth worrying about.',
  amber: 'Some processing or additives. Fine now and then; worth checking the details.',
  red: 'Highly processed or contains additives of concern. Consider an alternative.',
  unrated: 'Not enough information to rate this product yet.',
};

/** The traffic-light verdict at the top of the product page. */
export function RatingBanner({ rating }: { rating: string | null | undefined }) {
  const tone = ratingTone(rating);
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
        <Text>{VERDICT[tone]}</Text>
      </Box>
    </Flex>
  );
}
