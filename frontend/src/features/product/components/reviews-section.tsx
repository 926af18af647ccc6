import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useUserProfile } from '../../../shared/api/user-profile';
import { useAuth } from '../../../shared/auth/auth-context';
import { useProductReviews } from '../api/product-reviews';
import { useVoteReview } from '../api/vote-review';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';

export function ReviewsSection({ productId }: { productId: number }) {
  const { user, setSignInDialogOpen } = useAuth();
  const [writing, setWriting] = useState(false);
  const reviews = useProductReviews(productId);
  const vote = useVoteReview();
  // Reviews name their author by username, as it was when written.
  const ownUsername = useUserProfile(user?.uid ?? null).data?.username || null;

  const toggleForm = () => {
    if (!user) return setSignInDialogOpen(true);
    setWriting((open) => !open);
  };
  const onVote = (reviewId: string, helpful: boolean) => {
    if (!user) return setSignInDialogOpen(true);
    vote.mutate(
      { reviewId, productId, helpful },
      { onError: (error) => console.error('Vote failed', error) },
    );
  };

  return (
    <Box as="section" aria-labelledby="reviews-heading">
      <Flex justifyContent="space-between" alignItems="center" marginBottom="3">
        <Heading as="h2" size="lg" id="reviews-heading">
          Community Reviews
        </Heading>
        <Button size="sm" variant={writing ? 'outline' : 'solid'} colorPalette="green" onClick={toggleForm}>
          {writing ? 'Cancel' : 'Write a Review'}
        </Button>
      </Flex>
      <Stack gap="3">
        {writing && <ReviewForm productId={productId} onPosted={() => setWriting(false)} />}
        {reviews.isPending ? (
          <Text color="fg.muted">Loading reviews...</Text>
        ) : reviews.isError || reviews.data.length === 0 ? (
          <Text color="fg.muted">No reviews yet. Be the first to share your thoughts.</Text>
        ) : (
          <Stack as="ul" gap="3" aria-label="Reviews">
            {reviews.data.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                voting={vote.isPending && vote.variables?.reviewId === review.id}
                own={ownUsername !== null && review.username === ownUsername}
                onVote={(helpful) => onVote(review.id, helpful)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
