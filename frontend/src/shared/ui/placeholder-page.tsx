import { Heading, Text } from '@chakra-ui/react';
import { PageContainer } from './page-container';

/** Stand-in for a screen that is still being built. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <PageContainer>
      <Heading as="h1" size="2xl" marginBottom="2">
        {title}
      </Heading>
      <Text color="gray.600">This screen is coming soon.</Text>
    </PageContainer>
  );
}
