import { Box, Heading, HStack, SimpleGrid, Skeleton, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChevronRight, LuHeart, LuMessageSquare, LuScanLine } from 'react-icons/lu';
import { Link } from 'react-router-dom';

const TILE: BoxProps = {
  bg: 'bg.panel',
  borderWidth: '1px',
  borderRadius: 'lg',
  padding: '4',
  textAlign: 'center',
};

/** A count with its label; with `to`, the whole tile is the link to what it counts. */
function Tile({
  label,
  value,
  icon,
  to,
}: {
  label: string;
  value: number | null | undefined;
  icon: ReactNode;
  to?: string;
}) {
  const content = (
    <>
      <Box color="green.fg" display="inline-flex" marginBottom="1" aria-hidden>
        {icon}
      </Box>
      {value === undefined ? (
        <Skeleton
          height="8"
          width="8"
          marginX="auto"
          data-testid={`activity-${label.toLowerCase()}-loading`}
        />
      ) : (
        <Text fontSize="2xl" fontWeight="bold" data-testid={`activity-${label.toLowerCase()}`}>
          {value ?? <span title="Could not be loaded">–</span>}
        </Text>
      )}
      <HStack as="span" justifyContent="center" gap="0.5" fontSize="sm" color="fg.muted">
        {label}
        {to && <LuChevronRight aria-hidden />}
      </HStack>
    </>
  );
  if (!to) return <Box {...TILE}>{content}</Box>;
  return (
    <Box
      asChild
      {...TILE}
      display="block"
      _hover={{ shadow: 'md', borderColor: 'green.muted' }}
      transition="box-shadow 0.15s, border-color 0.15s"
    >
      <Link to={to}>{content}</Link>
    </Box>
  );
}

/**
 * My Activity: scans this month, the user's reviews, and their favourites (the products
 * they recommend with 4 or 5 stars), which lead to their list. Undefined while loading, null when
 * it could not be loaded.
 */
export function ActivityTiles({
  scans,
  reviews,
  favorites,
}: {
  scans: number | null | undefined;
  reviews: number | null | undefined;
  favorites: number | null | undefined;
}) {
  return (
    <Box as="section" aria-labelledby="profile-activity">
      <Heading as="h2" size="md" marginBottom="3" id="profile-activity">
        My Activity
      </Heading>
      <SimpleGrid columns={3} gap="3">
        <Tile label="Scans" value={scans} icon={<LuScanLine />} />
        <Tile label="Reviews" value={reviews} icon={<LuMessageSquare />} />
        <Tile label="Favorites" value={favorites} icon={<LuHeart />} to="/profile/favourites" />
      </SimpleGrid>
    </Box>
  );
}
