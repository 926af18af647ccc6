import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function CommunityScansPage() {
  return <PlaceholderPage title="Community Scans" />;
}
