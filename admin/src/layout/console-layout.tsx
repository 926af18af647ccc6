import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal, UserMenu, useGetIdentity } from 'react-admin';

/** The profile button shows the administrator's name, so its accessible name is that name. */
function ConsoleUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ?? 'Profile'} />;
}

/** The page title every screen sets (react-admin's `Title`) is the page's one level-one heading. */
function ConsoleAppBar() {
  return (
    <AppBar userMenu={<ConsoleUserMenu />}>
      <TitlePortal component="h1" />
    </AppBar>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={ConsoleAppBar}>{children}</Layout>;
}
