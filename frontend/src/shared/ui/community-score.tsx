import { HStack, Text } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A product's real mean stars and review count, e.g. '4.5 (2 reviews)', or 'No reviews yet'. */
export function communityScoreText(averageRating: number | null, reviewCount: number): string {
  if (averageRating === null || reviewCount === 0) return 'No reviews yet';
  return `${averageRating.toFixed(1)} (${plural(reviewCount, 'review')})`;
}

export function CommunityScore({
  averageRating,
  reviewCount,
}: {
  averageRating: number | null;
  reviewCount: number;
}) {
  const text = communityScoreText(averageRating, reviewCount);
  return (
    <HStack gap="1" fontSize="sm" color={averageRating === null ? 'fg.muted' : 'fg'}>
      <LuStar aria-hidden fill={averageRating === null ? 'none' : 'currentColor'} />
      <Text>{text}</Text>
    </HStack>
  );
}
