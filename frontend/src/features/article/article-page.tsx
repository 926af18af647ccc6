import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function ArticlePage() {
  return <PlaceholderPage title="Article" />;
}
