import { calls, type FakeRoute, type FetchMock, mockFetch } from '../../../testing/mock-fetch';
import { renderWithRouter } from '../../../testing/render';
import { AdminPage } from '../components/admin-page';
import { adminCsrfToken, dashboardRoutes, type FakeAdminDb, signedIn } from './admin-api';
import { makeAdminAgent, makeSubscriber } from './admin-fixtures';

/**
 * Renders the admin screen at /admin against a fake API: `routes` first (first match wins), then
 * a signed-in admin and the dashboard's reads of `db`.
 */
export function renderAdmin(routes: FakeRoute[] = [], db: Partial<FakeAdminDb> = {}) {
  const data: FakeAdminDb = {
    agents: [makeAdminAgent()],
    subscribers: [makeSubscriber()],
    ...db,
  };
  const fetchMock = mockFetch([...routes, signedIn, adminCsrfToken, ...dashboardRoutes(data)]);
  // Every section on one page, as the tests of each panel expect; the sections have tests of their own.
  const view = renderWithRouter(<AdminPage />, { url: '/admin?section=all', path: '/admin' });
  return { ...view, fetchMock, db: data };
}

/** The calls matching METHOD and path (a prefix of the path with its query). */
export function callsTo(fetchMock: FetchMock, method: string, pathPrefix: string): string[] {
  return calls(fetchMock).filter((call) => call.startsWith(`${method} ${pathPrefix}`));
}

/** The headers and parsed JSON body of the first call to `method path`. */
export function requestOf(fetchMock: FetchMock, method: string, path: string) {
  const found = fetchMock.mock.calls.find(
    ([url, init]) => url === path && (init?.method ?? 'GET') === method,
  );
  if (!found) throw new Error(`No ${method} ${path}`);
  const init = found[1] ?? {};
  return {
    headers: (init.headers ?? {}) as Record<string, string>,
    body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
  };
}
