import { Center, Spinner } from '@chakra-ui/react';

export function PageLoading() {
  return (
    <Center minHeight="40vh" role="status" aria-label="Loading page">
      <Spinner size="lg" color="green.fg" />
    </Center>
  );
}
