import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="lg"
      padding="6"
      textAlign="center"
    >
      <Text color="fg.muted" marginBottom={children ? '3' : '0'}>
        {message}
      </Text>
      {children}
    </Box>
  );
}
