import { createLogger } from '@agentry/platform/log/logger';
import express from 'express';
import request, { type Response } from 'supertest';
import { HashingBusyError } from '../auth/hashing-gate';
import { startTestServer, type TestServer } from '../testing/test-server';
import { Visitor } from '../testing/visitor';
import { errorHandler, HASHING_BUSY_MESSAGE } from './errors';

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

  it('When an id in the path is not valid percent-encoding, then 400 says the URL is malformed, not the body', async () => {
    for (const path of ['/api/agents/%ff', '/api/agents/%', '/api/agents/%e0%80%af/similar']) {
      expectError(
        await server.http.get(path),
        400,
        'Malformed URL: a part of the path is not valid percent-encoding',
      );
    }
  });
});

describe('the error shape of bodies the parsers refuse', () => {
  let server: TestServer;
  let visitor: Visitor;

  beforeAll(async () => {
    server = await startTestServer();
    visitor = new Visitor(server.running.url);
  });
  afterAll(() => server.stop());

  /** A password-reset request (any body-taking call would do) with this body and these headers. */
  const send = async (body: string, headers: Record<string, string>) =>
    visitor.http
      .post('/api/auth/forgot-password')
      .set('X-CSRF-Token', await visitor.csrfToken())
      .set(headers)
      .send(body);
  const json = '{"email":"a@example.com"}';

  it('When the body is not JSON, then 400 "Malformed request body"', async () => {
    expectError(
      await send('{"email":', { 'Content-Type': 'application/json' }),
      400,
      'Malformed request body',
    );
  });

  it('When the charset is not one JSON may have, then 415 asks for UTF-8', async () => {
    expectError(
      await send(json, { 'Content-Type': 'application/json; charset=latin1' }),
      415,
      'Unsupported charset: send the body as UTF-8',
    );
  });

  it('When the body has an encoding the server cannot undo, then 415 names the ones it can', async () => {
    expectError(
      await send(json, { 'Content-Type': 'application/json', 'Content-Encoding': 'x-unknown' }),
      415,
      'Unsupported Content-Encoding: send the body as it is, or gzip, deflate or br',
    );
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

describe('the error handler for an overloaded password hashing queue', () => {
  it('When the queue is full, then 503 asks to try again in a few seconds', async () => {
    const app = express();
    app.post('/api/auth/login', () => {
      throw new HashingBusyError();
    });
    app.use(errorHandler(createLogger('silent', 'test')));
    const response = await request(app).post('/api/auth/login').expect(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toEqual({ error: HASHING_BUSY_MESSAGE, success: false });
  });
});
