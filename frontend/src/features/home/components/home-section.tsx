import { Box, Flex, Heading, Link as ChakraLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface HomeSectionProps {
  title: string;
  viewAllTo?: string;
  children: ReactNode;
}

/** A home-screen section with its heading and 'View All' link. */
export function HomeSection({ title, viewAllTo, children }: HomeSectionProps) {
  const headingId = `home-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Flex justifyContent="space-between" alignItems="baseline" marginBottom="3">
        <Heading as="h2" size="lg" id={headingId}>
          {title}
        </Heading>
        {viewAllTo && (
          <ChakraLink asChild color="green.fg" fontWeight="medium" fontSize="sm">
            <Link to={viewAllTo} aria-label={`View all: ${title}`}>
              View All
            </Link>
          </ChakraLink>
        )}
      </Flex>
      {children}
    </Box>
  );
}
