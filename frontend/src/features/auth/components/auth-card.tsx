import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="xl" padding={{ base: '5', md: '8' }} shadow="sm">
      <Heading as="h1" size="2xl" marginBottom="1">
        {title}
      </Heading>
      {subtitle && (
        <Text color="fg.muted" marginBottom="6">
          {subtitle}
        </Text>
      )}
      {children}
    </Box>
  );
}
