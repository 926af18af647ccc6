import { Button, Field, Input, RatingGroup, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@labelwise/domain/contracts';
import { usePostReview } from '../api/post-review';

export const TITLE_MAX = TEXT_LIMITS.reviewTitle;
export const COMMENT_MAX = TEXT_LIMITS.reviewComment;

/** Rating 1-5 and a non-blank comment are required, else submitting silently does nothing. */
export function ReviewForm({ productId, onPosted }: { productId: number; onPosted(): void }) {
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const postReview = usePostReview();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1 || rating > 5 || !comment.trim()) return;
    postReview.mutate(
      { productId, rating, title: title.trim() || null, comment: comment.trim() },
      {
        onSuccess: onPosted,
        onError: (error) => console.error('Failed to submit review', error),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Write a review">
      <Stack gap="4" bg="bg.panel" borderWidth="1px" borderRadius="lg" padding="4">
        <RatingGroup.Root
          count={5}
          value={rating}
          onValueChange={(details) => setRating(details.value)}
          colorPalette="orange"
          size="lg"
        >
          <RatingGroup.Label>Your rating</RatingGroup.Label>
          <RatingGroup.HiddenInput />
          <RatingGroup.Control />
        </RatingGroup.Root>
        <Field.Root>
          <Field.Label>Title (optional)</Field.Label>
          <Input value={title} maxLength={TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Your review <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={comment}
            maxLength={COMMENT_MAX}
            rows={4}
            onChange={(event) => setComment(event.target.value)}
          />
          <Field.HelperText>
            {comment.length}/{COMMENT_MAX}
          </Field.HelperText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="green"
          alignSelf="start"
          loading={postReview.isPending}
          loadingText="Submitting..."
        >
          Submit Review
        </Button>
      </Stack>
    </form>
  );
}
