import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function HomePage() {
  return <PlaceholderPage title="Labelwise" />;
}
