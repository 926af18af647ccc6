import { Alert, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../shared/auth/auth-context';
import { showToast } from '../../../shared/toast/toaster';
import { freeScansUsed } from '../../../shared/lib/scan-usage';
import { LOOKUPS_ARE_FREE } from '../../../shared/ui/scan-usage-banner';
import { SCAN_LIMIT_REACHED, SIGN_IN_REQUIRED, VERIFY_EMAIL_REQUIRED, type ScanGate } from './scan-gate';

function ResendVerificationButton() {
  const { authClient } = useAuth();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await (await authClient()).resendVerification();
      showToast({ title: 'Verification email sent' });
    } catch {
      showToast({ title: 'Failed to send verification email', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="sm" colorPalette="orange" loading={sending} onClick={() => void resend()}>
      Resend verification email
    </Button>
  );
}

/** The scanning gate's messages above the form. */
export function ScanGateNotice({
  gate,
  usage,
}: {
  gate: ScanGate;
  /** This month's count, shown with the limit message (the usage banner is not shown beside it). */
  usage?: { used: number; limit: number };
}) {
  if (gate === 'loading' || gate === 'allowed') return null;
  const look = {
    signedOut: { status: 'info', title: 'Sign in required', text: SIGN_IN_REQUIRED },
    unverified: { status: 'warning', title: 'Email verification required', text: VERIFY_EMAIL_REQUIRED },
    limitReached: { status: 'error', title: 'Scan limit reached', text: SCAN_LIMIT_REACHED },
  }[gate];
  return (
    <Alert.Root status={look.status as 'info'} borderRadius="lg" data-testid="scan-gate">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{look.title}</Alert.Title>
        <Alert.Description>{look.text}</Alert.Description>
        {gate === 'limitReached' && usage && (
          <Alert.Description>
            {freeScansUsed(usage.used, usage.limit)}
            <br />
            {LOOKUPS_ARE_FREE}
          </Alert.Description>
        )}
        {gate === 'unverified' && <ResendVerificationButton />}
        {gate === 'limitReached' && (
          <Button asChild size="sm" colorPalette="red" alignSelf="start">
            <Link to="/premium">Upgrade to Premium</Link>
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
