import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function SearchPage() {
  return <PlaceholderPage title="Search" />;
}
