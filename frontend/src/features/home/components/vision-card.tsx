import { Box, Heading, Text } from '@chakra-ui/react';

export function VisionCard() {
  return (
    <Box
      bgGradient="to-br"
      gradientFrom="green.700"
      gradientTo="green.900"
      color="white"
      borderRadius="xl"
      padding={{ base: '5', md: '8' }}
    >
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} marginBottom="2">
        Making food transparency easy
      </Heading>
      <Text fontSize={{ base: 'md', md: 'lg' }} color="green.50">
        Scan or paste an ingredient list and see a traffic-light rating, how processed the food is and which
        additives are worth a second look.
      </Text>
    </Box>
  );
}
