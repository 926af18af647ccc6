import { Text } from '@chakra-ui/react';

/** Google sign-in against the Auth Emulator signs in a fixed test account; say so on screen. */
export function EmulatorNote() {
  return (
    <Text fontSize="xs" color="orange.fg" textAlign="center" data-testid="emulator-note">
      Emulator: signs in a test Google account
    </Text>
  );
}
