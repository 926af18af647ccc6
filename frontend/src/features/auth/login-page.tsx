import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function LoginPage() {
  return <PlaceholderPage title="Sign In" />;
}
