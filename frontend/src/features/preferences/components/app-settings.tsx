import { Button, Text } from '@chakra-ui/react';
import { LuBell, LuMoon, LuSettings } from 'react-icons/lu';
import { setColorMode, useColorMode } from '../../../shared/lib/color-mode';
import { PreferencesCard } from './preferences-card';
import { PreferenceSwitch } from './preference-switch';

/**
 * 'App Settings'. Dark Mode works on this device for everyone: it follows the system until
 * switched, and the choice is remembered. Push notifications do not exist yet, so that switch is
 * shown off, locked and labelled as such rather than appearing to work.
 */
export function AppSettings({ signedIn: _signedIn }: { signedIn: boolean }) {
  const { mode, chosen } = useColorMode();
  return (
    <PreferencesCard title="App Settings" icon={<LuSettings />}>
      <PreferenceSwitch
        label="Push Notifications"
        description="Get notified about product updates and alerts (coming soon)"
        icon={<LuBell />}
        checked={false}
        disabled
        readOnly
      />
      <PreferenceSwitch
        label="Dark Mode"
        description="Switch to a darker colour scheme"
        icon={<LuMoon />}
        checked={mode === 'dark'}
        onToggle={() => setColorMode(mode === 'dark' ? 'light' : 'dark')}
      />
      {chosen ? (
        <Button variant="plain" size="sm" paddingX="0" color="green.fg" onClick={() => setColorMode(null)}>
          Use the system setting
        </Button>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Following your device's setting
        </Text>
      )}
    </PreferencesCard>
  );
}
