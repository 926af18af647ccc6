import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../shared/auth/auth-context';
import { EmulatorNote } from '../../../shared/auth/components/emulator-note';
import { FormError } from '../../../shared/auth/components/form-error';
import { GoogleButton } from '../../../shared/auth/components/google-button';
import { toastGoogleWelcome } from '../../../shared/auth/components/sign-in-toasts';
import { showToast } from '../../../shared/toast/toaster';

/** Google sign-in on the pages: the redirect flow (or the emulator's test account). */
export function GoogleSignInPanel({ showBanner = false }: { showBanner?: boolean }) {
  const { authClient, usesEmulator } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const user = await (await authClient()).signInWithGoogle('redirect');
      // The redirect flow leaves the page; only the emulator's test account returns here.
      if (user) {
        toastGoogleWelcome();
        navigate('/');
      }
    } catch (caught) {
      console.error('Google sign-in failed', caught);
      setError(caught instanceof Error && caught.message ? caught.message : 'Google authentication failed');
      showToast({ title: 'Authentication failed', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3">
      <GoogleButton onClick={signIn} loading={busy} loadingText="Signing in..." />
      {usesEmulator && <EmulatorNote />}
      {showBanner && error && <FormError>{error}</FormError>}
    </Stack>
  );
}
