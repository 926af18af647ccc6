import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function ScannedProductsPage() {
  return <PlaceholderPage title="My Scanned Products" />;
}
