import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuThumbsDown, LuThumbsUp } from 'react-icons/lu';
import type { Review } from '../api/product-reviews';
import { reviewAgeLabel } from './review-age';
import { Stars } from './stars';

interface ReviewItemProps {
  review: Review;
  onVote(helpful: boolean): void;
  voting: boolean;
  /** The signed-in user wrote it: nobody votes on their own review, so it offers no votes. */
  own?: boolean;
}

export function ReviewItem({ review, onVote, voting, own = false }: ReviewItemProps) {
  return (
    <Box as="li" bg="bg.panel" borderWidth="1px" borderRadius="lg" padding="4" listStyleType="none">
      <Stack gap="2">
        <HStack justifyContent="space-between" wrap="wrap">
          <HStack gap="2">
            <Text fontWeight="semibold">{review.username || 'Anonymous User'}</Text>
            {/* The flag means the reviewer scanned the product; whether they bought it, the app cannot know. */}
            {review.isVerifiedPurchase && (
              <Badge colorPalette="green" size="sm">
                Scanned by reviewer
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {reviewAgeLabel(review.createdAt)}
          </Text>
        </HStack>
        <Stars value={review.rating} />
        {review.title && <Text fontWeight="semibold">{review.title}</Text>}
        <Text color="fg" whiteSpace="pre-line">
          {review.comment}
        </Text>
        {own ? (
          <Text fontSize="sm" color="fg.muted">
            Your review: {review.helpfulVotes} found it helpful, {review.unhelpfulVotes} not helpful
          </Text>
        ) : (
          <HStack gap="2">
            <Button
              size="xs"
              variant="outline"
              onClick={() => onVote(true)}
              disabled={voting}
              aria-label={`Helpful (${review.helpfulVotes})`}
            >
              <LuThumbsUp aria-hidden /> Helpful ({review.helpfulVotes})
            </Button>
            <Button
              size="xs"
              variant="outline"
              onClick={() => onVote(false)}
              disabled={voting}
              aria-label={`Not helpful (${review.unhelpfulVotes})`}
            >
              <LuThumbsDown aria-hidden /> Not helpful ({review.unhelpfulVotes})
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
