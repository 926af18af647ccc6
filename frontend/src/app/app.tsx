import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../shared/api/query-client';
import { AuthProvider } from '../shared/auth/auth-provider';
import { LazyToaster } from '../shared/toast/lazy-toaster';
import { routes } from './routes';
import { system } from './theme';

const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <LazyToaster />
        </AuthProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
