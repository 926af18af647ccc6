import { Box, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function LearnCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="xl" padding={{ base: '4', md: '6' }}>
      <Heading as="h2" size="lg" marginBottom="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
