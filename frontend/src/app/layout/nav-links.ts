/** Spec §2 top navigation; Preferences appears in the mobile menu only. */
export const NAV_LINKS = [
  { to: '/scan', label: 'Scan', desktop: true },
  { to: '/learn', label: 'Learn', desktop: true },
  { to: '/community', label: 'Community', desktop: true },
  { to: '/preferences', label: 'Preferences', desktop: false },
] as const;
