import { Button, Stack } from '@chakra-ui/react';

/** Below a sign-in form: the password reset (when signing in) and the switch to the other mode. */
export function SignInModeLinks({
  signingUp,
  onForgotPassword,
  onSwitchMode,
}: {
  signingUp: boolean;
  onForgotPassword(): void;
  onSwitchMode(): void;
}) {
  return (
    <Stack gap="1" alignItems="center">
      {!signingUp && (
        <Button variant="plain" size="sm" color="green.fg" onClick={onForgotPassword}>
          Forgot your password?
        </Button>
      )}
      <Button variant="plain" size="sm" color="green.fg" onClick={onSwitchMode}>
        {signingUp ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
      </Button>
    </Stack>
  );
}
