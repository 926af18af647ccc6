import { Button, Spinner } from '@chakra-ui/react';
import { useAuth } from '../../shared/auth/auth-context';
import { UserMenu } from './user-menu';

/** Signed out: 'Sign In'; loading: a spinner; signed in: the profile menu. */
export function AuthArea() {
  const { status, user, setSignInDialogOpen } = useAuth();
  if (status === 'loading') return <Spinner size="sm" color="green.600" aria-label="Checking sign-in" />;
  if (status === 'authenticated' && user) return <UserMenu user={user} />;
  return (
    <Button colorPalette="green" size="sm" onClick={() => setSignInDialogOpen(true)}>
      Sign In
    </Button>
  );
}
