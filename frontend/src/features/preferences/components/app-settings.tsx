import { LuBell, LuMoon, LuSettings } from 'react-icons/lu';
import { PreferencesCard } from './preferences-card';
import { PreferenceSwitch } from './preference-switch';

/** Spec §2 'App Settings': switches without a handler, disabled when signed out; dark mode always off. */
export function AppSettings({ signedIn }: { signedIn: boolean }) {
  return (
    <PreferencesCard title="App Settings" icon={<LuSettings />}>
      <PreferenceSwitch
        label="Push Notifications"
        description="Get notified about product updates and alerts"
        icon={<LuBell />}
        checked={false}
        disabled={!signedIn}
      />
      <PreferenceSwitch
        label="Dark Mode"
        description="Switch to a darker colour scheme"
        icon={<LuMoon />}
        checked={false}
        disabled={!signedIn}
        readOnly
      />
    </PreferencesCard>
  );
}
