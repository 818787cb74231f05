import type { Response } from 'supertest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { Visitor } from '../testing/visitor';

// Every error of the public reads answers the API's one shape, {"error": "<message for people>"},
// as docs/openapi.yaml says, so a program needs one error path whatever went wrong.

function expectError(response: Response, status: number, message: string | RegExp): void {
  expect([response.status, response.type]).toEqual([status, 'application/json']);
  expect(response.body).toEqual({
    error: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}

describe('the error shape of the public reads', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('When a parameter is invalid, then 400 says which and how', async () => {
    const cases: Array<[string, string]> = [
      [`/api/search?query=${'x'.repeat(501)}`, 'query: query must be at most 500 characters'],
      ['/api/search?query=a&limit=0', 'limit: Too small: expected number to be >=1'],
      ['/api/search-by-role', 'role: Invalid input: expected string, received undefined'],
      [
        '/api/search-by-role?role=Recruiter&offset=9950',
        'offset: offset + limit must be at most 10000: search results go no deeper',
      ],
      ['/api/agents?limit=0', 'limit: must be a whole number from 1 to 500'],
      [`/api/roles?category=${'x'.repeat(51)}`, 'category: Too big: expected string to have <=50 characters'],
      [`/api/agents/${'9'.repeat(65)}`, 'id: Too big: expected string to have <=64 characters'],
      ['/api/agents/1/similar?limit=25', 'limit: Too big: expected number to be <=24'],
    ];
    for (const [path, message] of cases) {
      expectError(await server.http.get(path), 400, message);
    }
  });

  it('When the agent is unknown, then 404 "Agent not found"', async () => {
    expectError(await server.http.get('/api/agents/999999'), 404, 'Agent not found');
    expectError(await server.http.get('/api/agents/999999/similar'), 404, 'Agent not found');
  });

  it('When the path is unknown, or the method is not the path’s, then 404 names the route', async () => {
    expectError(await server.http.get('/api/nowhere'), 404, 'No API route for GET /api/nowhere');
    expectError(await server.http.get('/api/search/extra'), 404, 'No API route for GET /api/search/extra');
    const visitor = new Visitor(server.running.url);
    expectError(
      await visitor.delete('/api/categories').response(),
      404,
      'No API route for DELETE /api/categories',
    );
    expectError(await visitor.put('/api/search', {}).response(), 404, 'No API route for PUT /api/search');
  });

  it('When a write to a read path has no CSRF token, then 403 in the same shape', async () => {
    expectError(await server.http.delete('/api/categories'), 403, 'Invalid or missing CSRF token');
  });
});

describe('the error shape when reads are over the limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_READS_PER_MINUTE: '2' });
  });
  afterAll(() => server.stop());

  it('When a client reads too fast, then 429 says so and when to retry', async () => {
    await server.http.get('/api/categories').expect(200);
    await server.http.get('/api/roles').expect(200);
    const refused = await server.http.get('/api/search?query=bookkeeper');
    expectError(refused, 429, 'Too many requests, please slow down');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-policy']).toBe('2;w=60');
    // Readable from a page elsewhere: the CORS headers come before the limiter.
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toContain('Retry-After');
  });
});
