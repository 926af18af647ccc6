import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/home-page';
import { ProductLoading } from '../features/product/components/product-loading';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';

/**
 * Every screen is its own chunk (for a fast first load), except Home: most visits start there,
 * and as a chunk of its own (9 KB) it cost a cold start one more round trip after the start-up
 * scripts, 0.6 s on a phone's 3G. `loading` stands in while a page's chunk arrives (by default the
 * layout's spinner).
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, loading?: ReactNode) {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return loading ? (
    <Suspense fallback={loading}>
      <Page />
    </Suspense>
  ) : (
    <Page />
  );
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <HomePage />,
      },
      {
        path: '/product/:id',
        element: page(
          () => import('../features/product/product-page'),
          (m) => m.ProductPage,
          <ProductLoading />,
        ),
      },
      {
        path: '/scan',
        element: page(
          () => import('../features/scan/scan-page'),
          (m) => m.ScanPage,
        ),
      },
      {
        path: '/preferences',
        element: page(
          () => import('../features/preferences/preferences-page'),
          (m) => m.PreferencesPage,
        ),
      },
      {
        path: '/learn',
        element: page(
          () => import('../features/learn/learn-page'),
          (m) => m.LearnPage,
        ),
      },
      {
        path: '/profile',
        element: page(
          () => import('../features/profile/profile-page'),
          (m) => m.ProfilePage,
        ),
      },
      {
        path: '/profile/favourites',
        element: page(
          () => import('../features/profile/favourites-page'),
          (m) => m.FavouritesPage,
        ),
      },
      {
        path: '/profile/privacy',
        element: page(
          () => import('../features/privacy/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: '/profile/privacy/delete',
        element: page(
          () => import('../features/privacy/delete-account-page'),
          (m) => m.DeleteAccountPage,
        ),
      },
      {
        path: '/community',
        element: page(
          () => import('../features/community/community-page'),
          (m) => m.CommunityPage,
        ),
      },
      {
        path: '/article/:id',
        element: page(
          () => import('../features/article/article-page'),
          (m) => m.ArticlePage,
        ),
      },
      {
        path: '/search',
        element: page(
          () => import('../features/search/search-page'),
          (m) => m.SearchPage,
        ),
      },
      {
        path: '/alternatives',
        element: page(
          () => import('../features/alternatives/alternatives-page'),
          (m) => m.AlternativesPage,
        ),
      },
      {
        path: '/premium',
        element: page(
          () => import('../features/premium/premium-page'),
          (m) => m.PremiumPage,
        ),
      },
      {
        path: '/premium/success',
        element: page(
          () => import('../features/premium/premium-success-page'),
          (m) => m.PremiumSuccessPage,
        ),
      },
      {
        path: '/login',
        element: page(
          () => import('../features/auth/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: '/auth',
        element: page(
          () => import('../features/auth/auth-page'),
          (m) => m.AuthPage,
        ),
      },
      {
        path: '/auth-test',
        element: page(
          () => import('../features/auth/auth-test-page'),
          (m) => m.AuthTestPage,
        ),
      },
      {
        path: '/scanned-products',
        element: page(
          () => import('../features/scanned-products/scanned-products-page'),
          (m) => m.ScannedProductsPage,
        ),
      },
      {
        path: '/community-scans',
        element: page(
          () => import('../features/community-scans/community-scans-page'),
          (m) => m.CommunityScansPage,
        ),
      },
      {
        path: '/privacy-policy',
        element: page(
          () => import('../features/legal/privacy-policy-page'),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        path: '/terms-of-service',
        element: page(
          () => import('../features/legal/terms-of-service-page'),
          (m) => m.TermsOfServicePage,
        ),
      },
      {
        path: '*',
        element: page(
          () => import('../features/not-found/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
