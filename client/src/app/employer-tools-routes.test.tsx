import '../testing/dom-polyfills';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../lib/auth/auth-provider';
import { mockFetch } from '../testing/mock-fetch';
import { routes } from './router';

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});

function renderApp(url: string) {
  mockFetch([{ path: '/api/auth/me', body: { success: false, user: null } }]);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

describe('the employer tools routes', () => {
  it.each([
    ['/employer/search', 'Advanced search'],
    ['/compare', 'Compare agents'],
    ['/compare?ids=1,2', 'Compare agents'],
  ])('serve %s as a lazy page, asking a visitor to create an employer account', async (url, heading) => {
    const router = renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Create an employer account' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(url);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});
