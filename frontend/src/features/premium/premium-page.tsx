import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function PremiumPage() {
  return <PlaceholderPage title="Premium" />;
}
