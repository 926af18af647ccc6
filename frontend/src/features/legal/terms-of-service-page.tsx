import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function TermsOfServicePage() {
  return <PlaceholderPage title="Terms of Service" />;
}
