import { Box, Heading, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

export function HiddenSugarsTeaser() {
  return (
    <LinkBox
      as="aside"
      bg="orange.subtle"
      borderWidth="1px"
      borderColor="orange.muted"
      borderRadius="xl"
      padding="5"
    >
      <Heading as="h2" size="md" color="orange.fg" marginBottom="1">
        <LinkOverlay asChild>
          <Link to="/learn">Spot the hidden sugars</Link>
        </LinkOverlay>
      </Heading>
      <Text color="orange.fg">
        Dextrose, maltodextrin, glucose syrup: sugar goes by many names on a label. Learn how to recognise
        them.
      </Text>
      <Box as="span" color="orange.fg" fontWeight="semibold" fontSize="sm">
        Learn more →
      </Box>
    </LinkBox>
  );
}
