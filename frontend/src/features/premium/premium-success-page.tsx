import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function PremiumSuccessPage() {
  return <PlaceholderPage title="Processing Your Payment" />;
}
