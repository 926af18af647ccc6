import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function LearnPage() {
  return <PlaceholderPage title="Learn" />;
}
