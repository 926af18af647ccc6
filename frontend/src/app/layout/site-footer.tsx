import { Box, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="bg.panel" borderTopWidth="1px" marginTop="12">
      <Flex
        maxWidth="6xl"
        marginX="auto"
        paddingX={{ base: '4', md: '6' }}
        paddingY="6"
        direction={{ base: 'column', md: 'row' }}
        gap="3"
        justifyContent="space-between"
        alignItems={{ base: 'start', md: 'center' }}
      >
        <Box>
          <Text fontWeight="semibold" color="green.fg">
            Labelwise: making food transparency easy.
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {`© ${year} Labelwise. All rights reserved.`}
          </Text>
        </Box>
        <HStack as="nav" aria-label="Legal" gap="4" fontSize="sm">
          <ChakraLink asChild color="fg">
            <Link to="/privacy-policy">Privacy Policy</Link>
          </ChakraLink>
          <ChakraLink asChild color="fg">
            <Link to="/terms-of-service">Terms of Service</Link>
          </ChakraLink>
        </HStack>
      </Flex>
    </Box>
  );
}
