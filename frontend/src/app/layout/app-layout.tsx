import { Box, Flex } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { UsernamePrompt } from '../../features/username/username-prompt';
import { SignInDialog } from '../../shared/auth/components/sign-in-dialog';
import { PageLoading } from '../../shared/ui/page-loading';
import { BottomTabBar } from './bottom-tab-bar';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => window.scrollTo(0, 0), [pathname]);
  return null;
}

export function AppLayout() {
  return (
    <Flex direction="column" minHeight="100dvh" paddingBottom={{ base: '16', md: '0' }}>
      <ScrollToTop />
      <TopNav />
      <Box as="main" id="main" flex="1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
      <BottomTabBar />
      <SignInDialog />
      <UsernamePrompt />
    </Flex>
  );
}
