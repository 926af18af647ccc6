import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { Preferences } from '@labelwise/domain/contracts';
import { system } from '../src/app/theme';
import { userPreferencesQuery } from '../src/shared/api/user-preferences';
import { AuthContext, type AuthContextValue } from '../src/shared/auth/auth-context';
import type { AuthUser } from '../src/shared/auth/auth-user';

export interface InApp {
  /** Signed in as this user, whose preferences the query cache already holds; signed out when absent. */
  signedIn?: { uid: string; preferences: Preferences };
  /** The pages the subject may navigate to (the subject is at `/`). */
  routes?: RouteObject[];
}

/** Signed out, or signed in as `uid`; no real sign-in happens in a component test. */
const authAs = (uid: string | null): AuthContextValue => ({
  status: uid ? 'authenticated' : 'unauthenticated',
  user: uid ? ({ uid } as AuthUser) : null,
  usesEmulator: false,
  authClient: () => Promise.reject(new Error('no sign-in in this test')),
  signInDialogOpen: false,
  setSignInDialogOpen: () => {},
});

/**
 * Renders `ui` as the app does (the theme, a fresh query cache, who is signed in, a router with
 * `ui` at `/`); also returns the router, to see where the subject navigated.
 */
export function renderInApp(ui: ReactNode, { signedIn, routes = [] }: InApp = {}) {
  const queries = new QueryClient();
  if (signedIn) queries.setQueryData(userPreferencesQuery(signedIn.uid).queryKey, signedIn.preferences);
  const router = createMemoryRouter([{ path: '/', element: ui }, ...routes]);
  const rendered = render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queries}>
        <AuthContext.Provider value={authAs(signedIn?.uid ?? null)}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { ...rendered, router };
}
