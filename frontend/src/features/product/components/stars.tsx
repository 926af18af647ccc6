import { RatingGroup } from '@chakra-ui/react';

/** Read-only star display. */
export function Stars({ value }: { value: number }) {
  return (
    <RatingGroup.Root
      count={5}
      value={value}
      readOnly
      size="xs"
      colorPalette="orange"
      aria-label={`${value} out of 5 stars`}
    >
      <RatingGroup.Control />
    </RatingGroup.Root>
  );
}
