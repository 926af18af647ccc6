import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function AuthPage() {
  return <PlaceholderPage title="Sign In" />;
}
