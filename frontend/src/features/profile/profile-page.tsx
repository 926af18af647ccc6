import { Avatar, Button, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useUserActivity } from '../../shared/api/user-activity';
import { useUserStats } from '../../shared/api/user-stats';
import { useAuth } from '../../shared/auth/auth-context';
import { useAccountIdentity } from '../../shared/auth/account-identity';
import type { AuthUser } from '../../shared/auth/auth-user';
import { PageContainer } from '../../shared/ui/page-container';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { PageLoading } from '../../shared/ui/page-loading';
import { ActivityTiles } from './components/activity-tiles';
import { MembershipSummary } from './components/membership-summary';
import { SettingsLinks } from './components/settings-links';

function SignedOut() {
  const { setSignInDialogOpen } = useAuth();
  return (
    <Card.Root>
      <Card.Body alignItems="center" textAlign="center" gap="3" paddingY="10">
        <Avatar.Root size="xl" colorPalette="gray">
          <Avatar.Fallback>U</Avatar.Fallback>
        </Avatar.Root>
        <Text color="fg.muted">Sign in to see your profile, scans and membership.</Text>
        <Button colorPalette="green" onClick={() => setSignInDialogOpen(true)}>
          Sign In
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function Profile({ user }: { user: AuthUser }) {
  const { uid } = user;
  const { authClient } = useAuth();
  const navigate = useNavigate();
  const { profile, email, displayName, initials } = useAccountIdentity(user);
  const stats = useUserStats(uid);
  const activity = useUserActivity(uid);
  const [loggingOut, setLoggingOut] = useState(false);

  const [confirmingLogOut, setConfirmingLogOut] = useState(false);

  const logOut = async () => {
    setLoggingOut(true);
    try {
      await (await authClient()).signOut();
      navigate('/auth');
    } catch (error) {
      console.error('Log out failed', error);
      setLoggingOut(false);
    }
  };

  return (
    <Stack gap="5">
      <Card.Root>
        <Card.Body>
          <Flex alignItems="center" gap="4" wrap="wrap">
            <Avatar.Root size="2xl" colorPalette="green" variant="solid">
              <Avatar.Fallback data-testid="profile-initials">{initials}</Avatar.Fallback>
            </Avatar.Root>
            <Stack gap="0.5" flex="1" minWidth="0">
              {profile.isPending ? (
                <Skeleton height="6" width="40" />
              ) : (
                <Heading as="h2" size="lg" truncate data-testid="profile-name">
                  {displayName}
                </Heading>
              )}
              {email && (
                <Text color="fg.muted" truncate>
                  {email}
                </Text>
              )}
            </Stack>
            <Button variant="outline" size="sm">
              <LuPencil aria-hidden /> Edit Profile
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
      <ActivityTiles
        scans={stats.isError ? null : stats.data?.scansThisMonth}
        reviews={activity.isError ? null : activity.data?.reviews}
        favorites={activity.isError ? null : activity.data?.favorites}
      />
      <MembershipSummary usage={stats.data} failed={stats.isError} />
      <SettingsLinks onLogOut={() => setConfirmingLogOut(true)} loggingOut={loggingOut} />
      <ConfirmDialog
        open={confirmingLogOut}
        onOpenChange={setConfirmingLogOut}
        title="Are you sure you want to log out?"
        confirmLabel="Log Out"
        destructive
        onConfirm={() => void logOut()}
      />
    </Stack>
  );
}

/** /profile: the account, membership, activity and settings. */
export function ProfilePage() {
  const { status, user } = useAuth();
  return (
    <PageContainer maxWidth="3xl">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          My Profile
        </Heading>
        {status === 'loading' ? <PageLoading /> : user ? <Profile user={user} /> : <SignedOut />}
      </Stack>
    </PageContainer>
  );
}
