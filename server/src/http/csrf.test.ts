import { createApp } from '../app';
import { type RoutesLister, registeredRoutes } from '../testing/registered-routes';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, AdminBrowser, Visitor } from '../testing/visitor';

// Spec section 7: every state-changing call carries the CSRF token. Checked on every route the
// app has, read from its routers, so a route added later is covered without editing this test.

/**
 * Read-only POSTs (InstantSearch), anonymous click counts (sent by sendBeacon) and Stripe's signed
 * webhook need no token, by design.
 */
const EXEMPT = ['POST /api/instantsearch/multi-search', 'POST /api/events', 'POST /api/stripe/webhook'];

describe('CSRF protection', () => {
  let server: TestServer;
  let changes: string[];

  beforeAll(async () => {
    // Two writes per route from one client: past 30 routes the per-minute write limit (429) would answer first.
    server = await startTestServer({ ...ADMIN_ENV, RATE_LIMIT_WRITES_PER_MINUTE: '10000' });
    const app = createApp(server.running.context);
    changes = registeredRoutes(app.router as unknown as RoutesLister).filter(
      (route) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(route) && !EXEMPT.includes(route),
    );
  });
  afterAll(() => server.stop());

  it('finds the state-changing routes (sanity check)', () => {
    expect(changes).toEqual(
      expect.arrayContaining([
        'POST /api/agents',
        'POST /api/users',
        'PUT /api/users/agents/{id}',
        'POST /api/auth/login',
        'POST /api/admin/login',
        'DELETE /api/admin/agents/{id}',
      ]),
    );
  });

  it('refuses every state change without a token, and with a wrong one, with 403', async () => {
    const visitor = new Visitor(server.running.url);
    // Admin routes answer 401 to anyone but a signed-in admin: the token is checked for the admin.
    const admin = await new AdminBrowser(server.running.url).signIn();
    const refused: string[] = [];
    for (const route of changes) {
      const [method, template] = route.split(' ') as [string, string];
      const browser = template.startsWith('/api/admin/') ? admin : visitor;
      const wrong = `${(await browser.csrfToken()).slice(0, -2)}xx`;
      const path = template.replace(/\{(\w+)\}/g, 'x1');
      const call = (headers: Record<string, string>) =>
        browser.http[method.toLowerCase() as 'post' | 'put' | 'delete' | 'patch'](path).set(headers).send({});
      const without = await call({});
      const withWrong = await call({ 'X-CSRF-Token': wrong });
      if (
        without.status === 403 &&
        withWrong.status === 403 &&
        without.body.error === 'Invalid or missing CSRF token'
      ) {
        refused.push(route);
      }
    }
    expect(refused).toEqual(changes);
    // About 70 routes, three requests each, one after another: 30 s, the default limit, was passed
    // at load 25. The limit only ends a hang; how fast the API answers is the benchmarks' business.
  }, 180_000);
});
