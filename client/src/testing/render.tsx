import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';

/**
 * Renders `element` at `url` inside a memory data router (so links, search params and navigation
 * work) and returns the router, whose state tells where the app navigated.
 */
export function renderWithRouter(
  element: ReactElement,
  { url = '/', path = '*' }: { url?: string; path?: string } = {},
) {
  const routes: RouteObject[] = [{ path, element }];
  if (path !== '*') routes.push({ path: '*', element: <p>Elsewhere</p> });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

/** The router's current path and query ("/directory?category=Legal"). */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
