import { Stack } from '@chakra-ui/react';
import { useUserStats } from '../../shared/api/user-stats';
import { useAuth } from '../../shared/auth/auth-context';
import { PageContainer } from '../../shared/ui/page-container';
import { ScanUsageBanner } from '../../shared/ui/scan-usage-banner';
import { SearchForm } from '../../shared/ui/search-form';
import { CleanAlternativesSection } from './components/clean-alternatives-section';
import { CommunityFavouritesSection } from './components/community-favourites-section';
import { HiddenSugarsTeaser } from './components/hidden-sugars-teaser';
import { MyRecentlyScannedSection } from './components/my-recently-scanned-section';
import { RecentlyScannedSection } from './components/recently-scanned-section';
import { ShortcutButtons } from './components/shortcut-buttons';
import { VisionCard } from './components/vision-card';

export function HomePage() {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const stats = useUserStats(uid);

  return (
    <PageContainer>
      <Stack gap={{ base: '6', md: '10' }}>
        <SearchForm size="lg" label="Search products by name or brand" />
        {stats.data && <ScanUsageBanner stats={stats.data} />}
        <VisionCard />
        <ShortcutButtons />
        <RecentlyScannedSection />
        {uid && <MyRecentlyScannedSection uid={uid} />}
        <HiddenSugarsTeaser />
        <CleanAlternativesSection />
        <CommunityFavouritesSection />
      </Stack>
    </PageContainer>
  );
}
