import { Button, Center, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { Link, useRouteError } from 'react-router-dom';

/**
 * Shown when a screen fails to render or its chunk fails to load (e.g. after a deploy, or offline
 * for a screen the service worker has not kept).
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const offline = !navigator.onLine;
  return (
    <Center minHeight="60vh" padding="6">
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="2xl">
          {offline ? "You're offline" : 'Something went wrong'}
        </Heading>
        <Text color="fg.muted">
          {offline
            ? 'This screen needs a connection the first time. Home and Analyse Ingredients work offline.'
            : 'Please reload the page and try again.'}
        </Text>
        <HStack gap="3">
          <Button colorPalette="green" onClick={() => window.location.reload()}>
            Reload
          </Button>
          {offline && (
            <Button asChild variant="outline">
              <Link to="/scan">Analyse Ingredients</Link>
            </Button>
          )}
        </HStack>
      </VStack>
    </Center>
  );
}
