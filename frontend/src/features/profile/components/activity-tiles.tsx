import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuHeart, LuMessageSquare, LuScanLine } from 'react-icons/lu';

function Tile({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" padding="4" textAlign="center">
      <Box color="green.fg" display="inline-flex" marginBottom="1" aria-hidden>
        {icon}
      </Box>
      <Text fontSize="2xl" fontWeight="bold" data-testid={`activity-${label.toLowerCase()}`}>
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

/** Spec §2 My Activity: Scans from the profile, Reviews and Favorites fixed at 0. */
export function ActivityTiles({ scans }: { scans: number }) {
  return (
    <Box as="section" aria-labelledby="profile-activity">
      <Heading as="h2" size="md" marginBottom="3" id="profile-activity">
        My Activity
      </Heading>
      <SimpleGrid columns={3} gap="3">
        <Tile label="Scans" value={scans} icon={<LuScanLine />} />
        <Tile label="Reviews" value={0} icon={<LuMessageSquare />} />
        <Tile label="Favorites" value={0} icon={<LuHeart />} />
      </SimpleGrid>
    </Box>
  );
}
