import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function ScanPage() {
  return <PlaceholderPage title="Analyse Ingredients" />;
}
