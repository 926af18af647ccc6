import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { UsernamePrompt } from '../../features/username/username-prompt';
import { useAuth } from '../../shared/auth/auth-context';
import { useDocumentTitle } from '../../shared/lib/document-title';
import { PageLoading } from '../../shared/ui/page-loading';
import { BottomTabBar } from './bottom-tab-bar';
import { routeTitle } from './route-titles';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

// The sign-in dialogs load when first opened, then stay mounted (keeps their state and exit animation).
const SignInDialog = lazy(async () => ({
  default: (await import('../../shared/auth/components/sign-in-dialog')).SignInDialog,
}));

function LazySignInDialog() {
  const { signInDialogOpen } = useAuth();
  const [requested, setRequested] = useState(false);
  if (signInDialogOpen && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  );
}

function RouteTitle() {
  useDocumentTitle(routeTitle(useLocation().pathname));
  return null;
}

function ScrollToTop() {
  const { pathname } = useLocation();
  // Braces matter: newer Chromium returns a promise from scrollTo, which React would call as a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AppLayout() {
  return (
    <Flex direction="column" minHeight="100dvh" paddingBottom={{ base: '16', md: '0' }}>
      <ScrollToTop />
      <RouteTitle />
      <SkipNavLink>Skip to content</SkipNavLink>
      <TopNav />
      <SkipNavContent />
      <Box as="main" flex="1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
      <BottomTabBar />
      <LazySignInDialog />
      <UsernamePrompt />
    </Flex>
  );
}
