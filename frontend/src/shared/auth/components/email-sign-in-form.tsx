import { Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { BUSY_LABELS } from './busy-labels';
import { FormError } from './form-error';
import type { DialogSignIn } from './use-dialog-sign-in';

/** The dialog's Email tab: sign in, or create an account, with an email and password. */
export function EmailSignInForm({
  signIn: { mode, email, setEmail, password, setPassword, busy, error, unverified, submitEmail, switchMode },
  onForgotPassword,
}: {
  signIn: DialogSignIn;
  onForgotPassword(): void;
}) {
  return (
    <form onSubmit={submitEmail} noValidate>
      <Stack gap="4" paddingTop="2">
        <Field.Root required>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
        <Box bg="blue.subtle" color="blue.fg" borderRadius="md" padding="3" fontSize="sm">
          {mode === 'signup'
            ? 'After creating your account, check your email for a verification link. Only verified email addresses can sign in.'
            : 'Only verified email addresses can sign in.'}
        </Box>
        {error && (
          <FormError>
            {error}
            {unverified && <Text marginTop="1">If you cannot find it, check your spam folder.</Text>}
          </FormError>
        )}
        <Button
          type="submit"
          colorPalette="green"
          size="lg"
          disabled={!email || !password || busy !== null}
          loading={busy === 'signin' || busy === 'signup'}
          loadingText={busy === 'signin' || busy === 'signup' ? BUSY_LABELS[busy] : undefined}
        >
          {mode === 'signup' ? 'Create Account' : 'Sign In'}
        </Button>
        <Stack gap="1" alignItems="center">
          {mode === 'signin' && (
            <Button variant="plain" size="sm" color="green.fg" onClick={onForgotPassword}>
              Forgot your password?
            </Button>
          )}
          <Button
            variant="plain"
            size="sm"
            color="green.fg"
            onClick={() => switchMode(mode === 'signin' ? 'signup' : 'signin')}
          >
            {mode === 'signin' ? "Don't have an account? Sign up" : 'Already have an account? Sign in'}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
