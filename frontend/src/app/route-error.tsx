import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { useRouteError } from 'react-router-dom';

/** Shown when a screen fails to render or its chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center minHeight="60vh" padding="6">
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="gray.600">Please reload the page and try again.</Text>
        <Button colorPalette="green" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </VStack>
    </Center>
  );
}
