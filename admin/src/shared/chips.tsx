import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';

const ratingColours: Record<string, ChipProps['color']> = {
  green: 'success',
  amber: 'warning',
  red: 'error',
};

/** The traffic-light rating as a coloured chip. */
export function RatingChip({ rating }: { rating: string | null | undefined }) {
  if (!rating) return null;
  return <Chip size="small" label={rating} color={ratingColours[rating] ?? 'default'} />;
}

/** A record's traffic-light rating (`source` defaults to `rating`). */
export function RatingField({
  source = 'rating',
}: {
  source?: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
}) {
  const record = useRecordContext();
  return <RatingChip rating={record?.[source] as string | undefined} />;
}

/**
 * A yes/no flag shown as a chip only when it is set, e.g. "Hidden" or "Suspended".
 * `label` is the column header; `text` what the chip says.
 */
export function FlagField({
  source,
  text,
  color = 'warning',
}: {
  source: string;
  text: string;
  label?: string;
  color?: ChipProps['color'];
  sortable?: boolean;
}) {
  const record = useRecordContext();
  return record?.[source] ? <Chip size="small" label={text} color={color} /> : null;
}
