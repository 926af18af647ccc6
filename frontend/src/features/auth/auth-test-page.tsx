import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function AuthTestPage() {
  return <PlaceholderPage title="Google sign-in test" />;
}
