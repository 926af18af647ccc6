// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../app/theme';
import { SearchForm } from './search-form';

function renderForm() {
  const router = createMemoryRouter([
    { path: '/', element: <SearchForm /> },
    { path: '/search', element: <p>search page</p> },
  ]);
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  const submit = (term: string) => {
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: term } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  };
  return { router, submit };
}

afterEach(cleanup);

describe('SearchForm', () => {
  it('navigates to /search with the trimmed, URL-encoded term', async () => {
    const { router, submit } = renderForm();
    submit('  salt & vinegar crisps ');
    await screen.findByText('search page');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=salt%20%26%20vinegar%20crisps');
  });

  it('ignores a blank term', () => {
    const { router, submit } = renderForm();
    submit('   ');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('search page')).toBeNull();
  });
});
