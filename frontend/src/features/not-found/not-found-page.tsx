import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { PageContainer } from '../../shared/ui/page-container';

export function NotFoundPage() {
  return (
    <PageContainer>
      <VStack gap="4" paddingY="16" textAlign="center">
        <Heading as="h1" size="3xl">
          Page Not Found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="green">
          <Link to="/">Go to Home</Link>
        </Button>
      </VStack>
    </PageContainer>
  );
}
