import { Box, Flex, type FlexProps } from '@chakra-ui/react';
import { ratingLabel, ratingTone, type Rating } from '@labelwise/domain/contracts';
import type { IconType } from 'react-icons';
import { LuCheck, LuOctagonAlert, LuTriangleAlert } from 'react-icons/lu';

/** Left to right (top to bottom when upright): as on a road signal, so the position tells too. */
const LAMPS: Rating[] = ['red', 'amber', 'green'];
const LAMP_ICON: Record<Rating, IconType> = { red: LuOctagonAlert, amber: LuTriangleAlert, green: LuCheck };

const HOUSING: FlexProps = {
  bg: 'gray.900',
  borderWidth: '1px',
  borderColor: 'gray.700',
  borderRadius: 'full',
  alignItems: 'center',
  flexShrink: 0,
};

function UnlitLamp({ lamp, size }: { lamp: Rating; size: string }) {
  return (
    <Box as="span" width={size} height={size} borderRadius="full" bg={`rating.${lamp}.solid`} opacity={0.3} />
  );
}

/**
 * A rating as a three-lamp traffic light. Compact (tiles, lists): the lit lamp is a pill carrying
 * the rating's word. Upright (the product's verdict): the lit lamp glows with its own symbol;
 * the word is the heading beside it. Colour never carries the meaning alone.
 */
export function TrafficLight({
  rating,
  upright = false,
  ...props
}: { rating: string | null | undefined; upright?: boolean } & FlexProps) {
  const tone = ratingTone(rating);
  const label = ratingLabel(rating);
  if (upright) {
    return (
      <Flex
        {...HOUSING}
        direction="column"
        gap="1.5"
        padding="1.5"
        aria-hidden
        data-testid="traffic-light"
        data-rating={tone}
        {...props}
      >
        {LAMPS.map((lamp) => {
          if (lamp !== tone) return <UnlitLamp key={lamp} lamp={lamp} size="7" />;
          const Icon = LAMP_ICON[lamp];
          return (
            <Flex
              key={lamp}
              width="7"
              height="7"
              borderRadius="full"
              bg={`rating.${lamp}.solid`}
              color={`rating.${lamp}.contrast`}
              alignItems="center"
              justifyContent="center"
              boxShadow={`0 0 0.75rem 0.125rem {colors.rating.${lamp}.solid}`}
              data-lit
            >
              <Icon size="16" strokeWidth="3" />
            </Flex>
          );
        })}
      </Flex>
    );
  }
  return (
    <Flex
      {...HOUSING}
      as="span"
      display="inline-flex"
      gap="1"
      padding="0.5"
      data-testid="traffic-light"
      data-rating={tone}
      {...props}
    >
      {LAMPS.map((lamp) =>
        lamp === tone ? (
          <LitPill key={lamp} tone={lamp} label={label} />
        ) : (
          <UnlitLamp key={lamp} lamp={lamp} size="2.5" />
        ),
      )}
      {tone === 'unrated' && <LitPill tone="unrated" label={label} />}
    </Flex>
  );
}

function LitPill({ tone, label }: { tone: string; label: string }) {
  return (
    <Box
      as="span"
      bg={`rating.${tone}.solid`}
      color={`rating.${tone}.contrast`}
      borderRadius="full"
      paddingX="2"
      fontSize="xs"
      fontWeight="bold"
      lineHeight="1.25rem"
      data-lit
    >
      {label}
    </Box>
  );
}
