import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function PreferencesPage() {
  return <PlaceholderPage title="My Preferences" />;
}
