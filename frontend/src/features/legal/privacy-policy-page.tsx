import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function PrivacyPolicyPage() {
  return <PlaceholderPage title="Privacy Policy" />;
}
