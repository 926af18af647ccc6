import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { ratingLabel } from '@labelwise/domain/contracts/rating';
import type { UnratedReason } from '@labelwise/domain/events/import-events';
import type { IconType } from 'react-icons';
import { LuCircleAlert, LuCircleCheck, LuCircleHelp, LuTriangleAlert } from 'react-icons/lu';

const LOOK: Record<string, { palette: string; icon: IconType; text: string }> = {
  green: {
    palette: 'green',
    icon: LuCircleCheck,
    text: 'A clean choice: simple ingredients and nothing worth worrying about.',
  },
  amber: {
    palette: 'orange',
    icon: LuTriangleAlert,
    text: 'Some processing or additives. Fine now and then; worth checking the details.',
  },
  red: {
    palette: 'red',
    icon: LuCircleAlert,
    text: 'Highly processed or contains additives of concern. Consider an alternative.',
  },
};
const UNRATED = {
  palette: 'gray',
  icon: LuCircleHelp,
  text: 'Not enough information to rate this product yet.',
};

/** Why an imported product is unrated, in plain words. */
const UNRATED_REASONS: Record<UnratedReason, string> = {
  'ingredients not in English':
    'Not rated: its ingredient list is not available in English, and we rate only what we can read.',
  'no ingredients': 'Not rated: no ingredient list is known for this product.',
};

/** The traffic-light verdict at the top of the product page; 'Unrated' with its reason, if known. */
export function RatingBanner({
  rating,
  unratedReason = null,
}: {
  rating: string | null | undefined;
  unratedReason?: UnratedReason | null;
}) {
  const unrated = unratedReason ? { ...UNRATED, text: UNRATED_REASONS[unratedReason] } : UNRATED;
  const look = LOOK[rating ?? ''] ?? unrated;
  const Icon = look.icon;
  return (
    <Flex
      colorPalette={look.palette}
      bg="colorPalette.solid"
      color="white"
      borderRadius="xl"
      padding={{ base: '4', md: '6' }}
      gap="4"
      alignItems="center"
      data-testid="rating-banner"
    >
      <Icon size={40} aria-hidden />
      <Box>
        <Heading as="p" size="2xl">
          {ratingLabel(rating)}
        </Heading>
        <Text>{look.text}</Text>
      </Box>
    </Flex>
  );
}
