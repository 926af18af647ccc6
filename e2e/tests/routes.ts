/** The consumer app's screens: path, level-1 heading and a text that shows the screen has rendered. */
export interface Route {
  name: string;
  path: string;
  heading: string;
  shows: string | RegExp;
}

/** Every route of the app (signed out), its one level-1 heading and a text only that screen shows. */
export const ROUTES: ReadonlyArray<Route> = [
  { name: 'home', path: '/', heading: 'Making food transparency easy', shows: 'Recently Scanned' },
  { name: 'product', path: '/product/1', heading: 'Jumbo Rolled Oats', shows: 'Community Reviews' },
  { name: 'scan', path: '/scan', heading: 'Analyse Ingredients', shows: 'Sign in to Analyse' },
  { name: 'preferences', path: '/preferences', heading: 'My Preferences', shows: 'Premium Dietary Alerts' },
  { name: 'learn', path: '/learn', heading: 'Learn about food processing', shows: 'Educational Articles' },
  { name: 'profile', path: '/profile', heading: 'My Profile', shows: /Sign in to see your profile/ },
  {
    name: 'favourites',
    path: '/profile/favourites',
    heading: 'My Favourites',
    shows: 'Sign in to see your favourite products.',
  },
  {
    name: 'privacy',
    path: '/profile/privacy',
    heading: 'Privacy',
    shows: 'Sign in to download or delete your data.',
  },
  {
    name: 'privacy-delete',
    path: '/profile/privacy/delete',
    heading: 'Delete my account',
    shows: 'Sign in to download or delete your data.',
  },
  { name: 'community', path: '/community', heading: 'Community Favourites', shows: 'Trending This Month' },
  {
    name: 'article',
    path: '/article/1',
    heading: 'The NOVA groups: how processed is your food?',
    shows: /^Most food is processed/,
  },
  { name: 'search', path: '/search?q=oat', heading: 'Search', shows: /^\d+ results? for "oat"$/ },
  {
    name: 'alternatives',
    path: '/alternatives',
    heading: 'Clean Alternatives',
    shows: 'Clean Rated Products',
  },
  {
    name: 'premium',
    path: '/premium',
    heading: 'Upgrade to Premium',
    shows: 'Cancel anytime. No commitments.',
  },
  {
    name: 'premium-success',
    path: '/premium/success',
    heading: 'Welcome to Premium!',
    shows: 'Return to Home',
  },
  { name: 'login', path: '/login', heading: 'Sign in to Labelwise', shows: 'Continue as Guest' },
  { name: 'auth', path: '/auth', heading: 'Welcome to Labelwise', shows: 'Forgot your password?' },
  { name: 'auth-test', path: '/auth-test', heading: 'Google sign-in test', shows: /^Auth state:/ },
  {
    name: 'scanned-products',
    path: '/scanned-products',
    heading: 'My Scanned Products',
    shows: 'Sign In Required',
  },
  {
    name: 'community-scans',
    path: '/community-scans',
    heading: 'Community Scans',
    shows: /^No products|^All Products$/,
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    shows: /at least 13 years old/,
  },
  {
    name: 'terms-of-service',
    path: '/terms-of-service',
    heading: 'Terms of Service',
    shows: /no partial refunds/,
  },
  { name: 'not-found', path: '/no-such-page', heading: 'Page Not Found', shows: 'Go to Home' },
];

/** The screens that change once signed in: a verified free user with one scan. */
export const SIGNED_IN_ROUTES: ReadonlyArray<Route> = [
  { name: 'home', path: '/', heading: 'Making food transparency easy', shows: 'My Recently Scanned' },
  { name: 'scan', path: '/scan', heading: 'Analyse Ingredients', shows: 'Scan with Camera' },
  {
    name: 'scanned-products',
    path: '/scanned-products',
    heading: 'My Scanned Products',
    shows: 'All Products',
  },
  { name: 'profile', path: '/profile', heading: 'My Profile', shows: 'Free Membership' },
  { name: 'favourites', path: '/profile/favourites', heading: 'My Favourites', shows: 'No favourites yet' },
  { name: 'privacy', path: '/profile/privacy', heading: 'Privacy', shows: 'Download my data' },
  {
    name: 'privacy-delete',
    path: '/profile/privacy/delete',
    heading: 'Delete my account',
    shows: 'What happens',
  },
  { name: 'preferences', path: '/preferences', heading: 'My Preferences', shows: 'Dietary Preferences' },
  { name: 'premium', path: '/premium', heading: 'Upgrade to Premium', shows: /free scans used this month/ },
];

/** The screens a Premium member sees differently from a free user. */
export const PREMIUM_ROUTES: ReadonlyArray<Route> = [
  { name: 'scan', path: '/scan', heading: 'Analyse Ingredients', shows: 'Scan with Camera' },
  { name: 'profile', path: '/profile', heading: 'My Profile', shows: 'Premium Membership' },
  { name: 'preferences', path: '/preferences', heading: 'My Preferences', shows: 'Dietary Preferences' },
  { name: 'premium', path: '/premium', heading: 'Your Premium Membership', shows: 'Premium Membership' },
];
