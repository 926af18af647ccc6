import { Button, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../shared/auth/auth-context';

// Only signed-in users need the menu; it loads with the first sign-in.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

const loading = <Spinner size="sm" color="green.fg" role="status" aria-label="Checking sign-in" />;

/** Signed out: 'Sign In'; loading: a spinner; signed in: the profile menu. */
export function AuthArea() {
  const { status, user, setSignInDialogOpen } = useAuth();
  if (status === 'loading') return loading;
  if (status === 'authenticated' && user) {
    return (
      <Suspense fallback={loading}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  return (
    <Button colorPalette="green" size="sm" onClick={() => setSignInDialogOpen(true)}>
      Sign In
    </Button>
  );
}
