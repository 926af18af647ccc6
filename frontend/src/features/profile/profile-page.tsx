import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function ProfilePage() {
  return <PlaceholderPage title="My Profile" />;
}
