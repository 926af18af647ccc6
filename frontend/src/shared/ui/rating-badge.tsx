import { Badge, type BadgeProps } from '@chakra-ui/react';
import { ratingLabel } from '@labelwise/domain/contracts/rating';

const PALETTE: Record<string, BadgeProps['colorPalette']> = { green: 'green', amber: 'orange', red: 'red' };

/** Green, Risk (amber), Warning (red) or Unrated. */
export function RatingBadge({ rating, ...props }: { rating: string | null | undefined } & BadgeProps) {
  return (
    <Badge colorPalette={PALETTE[rating ?? ''] ?? 'gray'} variant="solid" {...props}>
      {ratingLabel(rating)}
    </Badge>
  );
}
