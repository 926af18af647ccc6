import { Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useUserStats } from '../../shared/api/user-stats';
import { useAuth } from '../../shared/auth/auth-context';
import { PageContainer } from '../../shared/ui/page-container';
import { SearchForm } from '../../shared/ui/search-form';
import { CleanAlternativesSection } from './components/clean-alternatives-section';
import { CommunityFavouritesSection } from './components/community-favourites-section';
import { HiddenSugarsTeaser } from './components/hidden-sugars-teaser';
import { MyRecentlyScannedSection } from './components/my-recently-scanned-section';
import { RecentlyScannedSection } from './components/recently-scanned-section';
import { ShortcutButtons } from './components/shortcut-buttons';
import { VisionCard } from './components/vision-card';

// Signed-in users only: a signed-out cold start does not load it (nor the progress ring it draws).
const ScanUsageBanner = lazy(async () => ({
  default: (await import('../../shared/ui/scan-usage-banner')).ScanUsageBanner,
}));

export function HomePage() {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const stats = useUserStats(uid);

  return (
    <PageContainer>
      <Stack gap={{ base: '6', md: '10' }}>
        <SearchForm size="lg" label="Search products by name or brand" />
        {stats.data && (
          <Suspense fallback={null}>
            <ScanUsageBanner stats={stats.data} />
          </Suspense>
        )}
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
