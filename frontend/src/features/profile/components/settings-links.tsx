import { Button, Card, StackSeparator, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  LuBell,
  LuChevronRight,
  LuCircleHelp,
  LuLogOut,
  LuShield,
  LuSlidersHorizontal,
} from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { showToast } from '../../../shared/toast/toaster';

function Row({ icon, children, danger }: { icon: ReactNode; children: ReactNode; danger?: boolean }) {
  return (
    <>
      <Stack direction="row" alignItems="center" gap="3" flex="1" color={danger ? 'red.fg' : undefined}>
        {icon}
        {children}
      </Stack>
      {!danger && <LuChevronRight aria-hidden />}
    </>
  );
}

const ROW = {
  variant: 'ghost',
  justifyContent: 'space-between',
  width: 'full',
  height: '12',
  paddingX: '4',
  borderRadius: '0',
  fontWeight: 'normal',
} as const;

/** The profile's settings: Preferences, Notifications, Privacy, Help & Support, Log Out. */
export function SettingsLinks({ onLogOut, loggingOut }: { onLogOut(): void; loggingOut: boolean }) {
  return (
    <Card.Root as="nav" aria-label="Settings" overflow="hidden">
      <Stack gap="0" separator={<StackSeparator />}>
        <Button asChild {...ROW}>
          <Link to="/preferences">
            <Row icon={<LuSlidersHorizontal aria-hidden />}>Preferences</Row>
          </Link>
        </Button>
        <Button {...ROW} onClick={() => showToast({ title: 'Notification settings coming soon' })}>
          <Row icon={<LuBell aria-hidden />}>Notifications</Row>
        </Button>
        <Button asChild {...ROW}>
          <Link to="/profile/privacy">
            <Row icon={<LuShield aria-hidden />}>Privacy</Row>
          </Link>
        </Button>
        <Button {...ROW} onClick={() => showToast({ title: 'Support feature coming soon' })}>
          <Row icon={<LuCircleHelp aria-hidden />}>Help &amp; Support</Row>
        </Button>
        <Button {...ROW} onClick={onLogOut} disabled={loggingOut}>
          <Row icon={<LuLogOut aria-hidden />} danger>
            {loggingOut ? 'Logging out...' : 'Log Out'}
          </Row>
        </Button>
      </Stack>
    </Card.Root>
  );
}
