import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function AlternativesPage() {
  return <PlaceholderPage title="Clean Alternatives" />;
}
