import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function ProductPage() {
  return <PlaceholderPage title="Product" />;
}
