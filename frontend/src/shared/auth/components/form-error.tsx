import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Errors show in a red box. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="error" variant="subtle" borderRadius="md">
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}
