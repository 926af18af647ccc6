import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export function CommunityPage() {
  return <PlaceholderPage title="Community Favourites" />;
}
