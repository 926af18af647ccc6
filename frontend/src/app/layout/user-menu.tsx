import { Avatar, Box, Button, Menu, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../shared/auth/auth-context';
import type { AuthUser } from '../../shared/auth/auth-user';
import { useAccountIdentity } from '../../shared/auth/account-identity';
import { showToast } from '../../shared/toast/toaster';

/** The profile menu: avatar (photo or initials), name or 'User', email, links, sign out. */
export function UserMenu({ user }: { user: AuthUser }) {
  const { authClient } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [open, setOpen] = useState(false);
  const identity = useAccountIdentity(user);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await (await authClient()).signOut();
      setOpen(false);
      navigate('/');
      showToast({ title: 'Signed out', description: 'You have been successfully signed out.' });
    } catch (error) {
      console.error('Sign out failed', error);
      showToast({
        title: 'Sign out failed',
        description: 'Unable to sign out. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <Menu.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-end' }}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          borderRadius="full"
          padding="0"
          minWidth="auto"
          aria-label={`${identity.initials}, account menu`}
        >
          <Avatar.Root size="sm" colorPalette="green">
            {user.photoURL && <Avatar.Image src={user.photoURL} alt="" />}
            <Avatar.Fallback>{identity.initials}</Avatar.Fallback>
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      {/* Not portalled: inside the header, the open menu is part of the banner landmark. */}
      <Menu.Positioner>
        <Menu.Content minWidth="56">
          <Box paddingX="2" paddingY="1.5">
            <Text fontWeight="semibold">{identity.displayName}</Text>
            {identity.email && (
              <Text fontSize="sm" color="fg.muted" truncate>
                {identity.email}
              </Text>
            )}
          </Box>
          <Menu.Separator />
          <Menu.Item value="preferences" onSelect={() => navigate('/preferences')}>
            Preferences
          </Menu.Item>
          <Menu.Item value="scan-history" onSelect={() => navigate('/scanned-products')}>
            Scan History
          </Menu.Item>
          <Menu.Separator />
          <Menu.Item value="sign-out" closeOnSelect={false} disabled={signingOut} onSelect={signOut}>
            {signingOut ? 'Signing out...' : 'Sign out'}
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
