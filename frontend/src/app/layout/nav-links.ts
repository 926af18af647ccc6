/**
 * The top navigation; Preferences appears in the mobile menu only. Profile and Premium are
 * reachable from both (issue #22: on desktop /profile had no link and /premium showed only at 50 %
 * usage).
 */
export const NAV_LINKS = [
  { to: '/scan', label: 'Scan', desktop: true },
  { to: '/learn', label: 'Learn', desktop: true },
  { to: '/community', label: 'Community', desktop: true },
  { to: '/profile', label: 'Profile', desktop: true },
  { to: '/premium', label: 'Premium', desktop: true },
  { to: '/preferences', label: 'Preferences', desktop: false },
] as const;
