// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../testing/render-in-app';
import { SearchForm } from './search-form';

function renderForm() {
  const { router } = renderInApp(<SearchForm />, {
    routes: [{ path: '/search', element: <p>search page</p> }],
  });
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
