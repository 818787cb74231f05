import { SIGN_IN_REQUIRED_MESSAGE } from '../../../http/require-user';
import { EMPLOYER_SUBSCRIPTION_MESSAGE } from '../../../policies/employer';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { Visitor } from '../../../testing/visitor';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// Who may use the employer tools: every endpoint, asked by a visitor, a provider, a lapsed
// employer and an active one. Only the last gets through; the refusals name the subscription.

type Method = 'get' | 'post' | 'put' | 'delete';
interface Endpoint {
  method: Method;
  path: string;
  body?: object;
  /** What an active employer gets. */
  status: number;
}

describe('employer tools: who may use them', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let active: Person;
  let endpoints: Endpoint[];

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    active = await fixtures.employer('active@acme.example', { active: true });
    const first = await fixtures.agent('InboxPilot');
    const second = await fixtures.agent('LedgerLark');
    const list = await fixtures.store().shortlists.create(active.userId, 'Support bots');
    // In this order, an active employer's calls succeed one after the other on the same list.
    endpoints = [
      {
        method: 'post',
        path: '/api/employer/instantsearch/multi-search',
        body: { requests: [{ indexName: 'agents', params: { query: '' } }] },
        status: 200,
      },
      { method: 'get', path: '/api/shortlists', status: 200 },
      { method: 'post', path: '/api/shortlists', body: { name: 'Finance' }, status: 201 },
      { method: 'put', path: `/api/shortlists/${list.id}`, body: { name: 'Helpdesk' }, status: 200 },
      {
        method: 'post',
        path: `/api/shortlists/${list.id}/agents`,
        body: { agent_id: first.id },
        status: 200,
      },
      { method: 'delete', path: `/api/shortlists/${list.id}/agents/${first.id}`, status: 200 },
      { method: 'delete', path: `/api/shortlists/${list.id}`, status: 200 },
      { method: 'get', path: `/api/compare?ids=${first.id},${second.id}`, status: 200 },
      {
        method: 'post',
        path: '/api/contact-requests',
        body: { agent_id: first.id, kind: 'contact', message: 'Does it speak Portuguese?' },
        status: 201,
      },
      { method: 'get', path: '/api/employer/requests', status: 200 },
    ];
  });
  afterAll(() => server.stop());

  const call = (person: Visitor, { method, path, body }: Endpoint) =>
    method === 'get' ? person.get(path) : person.send(method, path, body).response();

  it('answers a visitor 401 on every employer endpoint', async () => {
    const visitor = new Visitor(server.running.url);
    for (const endpoint of endpoints) {
      const response = await call(visitor, endpoint);
      expect({ endpoint: endpoint.path, status: response.status, body: response.body }).toEqual({
        endpoint: endpoint.path,
        status: 401,
        body: { error: SIGN_IN_REQUIRED_MESSAGE },
      });
    }
  });

  it.each([
    ['a provider, even a subscribed one', 'provider'],
    ['an employer without an active subscription', 'lapsed'],
  ])('answers %s 403 requires_subscription on every employer endpoint', async (_who, kind) => {
    const person =
      kind === 'provider'
        ? await fixtures.provider('maker@northwind.example', { subscribed: true })
        : await fixtures.employer('lapsed@acme.example', { active: false });
    for (const endpoint of endpoints) {
      const response = await call(person.browser, endpoint);
      expect({ endpoint: endpoint.path, status: response.status, body: response.body }).toEqual({
        endpoint: endpoint.path,
        status: 403,
        body: { success: false, error: EMPLOYER_SUBSCRIPTION_MESSAGE, requires_subscription: true },
      });
    }
    expect(EMPLOYER_SUBSCRIPTION_MESSAGE).toContain('$40/month');
  });

  it('refuses every employer change without the CSRF token, even to an active employer', async () => {
    for (const endpoint of endpoints.filter((item) => item.method !== 'get')) {
      const response = await active.browser.http[endpoint.method](endpoint.path).send(endpoint.body ?? {});
      expect({ endpoint: endpoint.path, status: response.status }).toEqual({
        endpoint: endpoint.path,
        status: 403,
      });
      expect(response.body).toEqual({ error: 'Invalid or missing CSRF token' });
    }
  });

  it('serves an active employer on every employer endpoint', async () => {
    for (const endpoint of endpoints) {
      const response = await call(active.browser, endpoint);
      expect({ endpoint: endpoint.path, status: response.status }).toEqual({
        endpoint: endpoint.path,
        status: endpoint.status,
      });
    }
  });

  it('takes the tools away on the next request once the subscription ends', async () => {
    const employer = await fixtures.employer('ending@acme.example', { active: true });
    await employer.browser.get('/api/shortlists').expect(200);
    await fixtures.store().users.update(employer.userId, { subscription_status: 'inactive' });
    const refused = await employer.browser.get('/api/shortlists').expect(403);
    expect(refused.body).toMatchObject({ requires_subscription: true });
  });
});
