import { Box, Heading, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuHeart, LuMessageSquare, LuScanLine } from 'react-icons/lu';

function Tile({ label, value, icon }: { label: string; value: number | null | undefined; icon: ReactNode }) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" padding="4" textAlign="center">
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
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

/**
 * My Activity: scans this month, the user's reviews, and their favourites (the products
 * they recommend with 4 or 5 stars). Undefined while loading, null when it could not be loaded.
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
        <Tile label="Favorites" value={favorites} icon={<LuHeart />} />
      </SimpleGrid>
    </Box>
  );
}
