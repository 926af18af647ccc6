import { Box, Button, Field, Input, Stack } from '@chakra-ui/react';
import { BUSY_LABELS } from './busy-labels';
import { EmailField } from './email-field';
import { SignInError } from './sign-in-error';
import { SignInModeLinks } from './sign-in-mode-links';
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
        <EmailField required value={email} onChange={(e) => setEmail(e.target.value)} />
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
        {error && <SignInError message={error} unverified={unverified} />}
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
        <SignInModeLinks
          signingUp={mode === 'signup'}
          onForgotPassword={onForgotPassword}
          onSwitchMode={() => switchMode(mode === 'signin' ? 'signup' : 'signin')}
        />
      </Stack>
    </form>
  );
}
