/** Tab titles of the screens whose title does not depend on what they load (product and article set their own). */
const TITLES: Record<string, string | null> = {
  '/': null,
  '/scan': 'Analyse Ingredients',
  '/preferences': 'My Preferences',
  '/learn': 'Learn',
  '/profile': 'My Profile',
  '/profile/favourites': 'My Favourites',
  '/profile/privacy': 'Privacy',
  '/profile/privacy/delete': 'Delete my account',
  '/community': 'Community Favourites',
  '/search': 'Search',
  '/alternatives': 'Clean Alternatives',
  '/premium': 'Premium',
  '/premium/success': 'Premium',
  '/login': 'Sign In',
  '/auth': 'Sign In',
  '/auth-test': 'Google sign-in test',
  '/scanned-products': 'My Scanned Products',
  '/community-scans': 'Community Scans',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
};

/** The route's own title, null for the app name alone, undefined when the page sets it itself. */
export function routeTitle(pathname: string): string | null | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path in TITLES) return TITLES[path];
  if (/^\/(product|article)\/[^/]+$/.test(path)) return undefined;
  return 'Page Not Found';
}
