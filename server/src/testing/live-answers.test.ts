import request from 'supertest';
import { checkLiveAnswers } from './check-live-answers';
import { contractMismatch, operationFor } from './live-answers';
import { startTestServer, type TestServer } from './test-server';

// The run-time contract check catches what `satisfies` cannot: an answer carrying a field the
// contract does not have (a spread of a wider record), or missing one it promises.

describe('live answers held against the contract', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: 'true' });
  });
  afterAll(() => server.stop());

  it('finds the documented operation of a request, the literal path before a template', () => {
    expect(operationFor('GET', '/api/agents/count')?.operationId).toBe('countAgents');
    expect(operationFor('GET', '/api/agents/abc123?x=1')?.operationId).toBe('getAgent');
    expect(operationFor('POST', '/api/agents')?.operationId).toBe('registerAgent');
    expect(operationFor('GET', '/healthz')).toBeUndefined();
  });

  it('passes the real answers of the catalog and a search', async () => {
    for (const path of [
      '/api/agents/count',
      '/api/agents?limit=3',
      '/api/search?query=translate',
      '/api/categories',
    ]) {
      const response = await server.http.get(path).expect(200);
      expect(
        contractMismatch('GET', path, response.status, response.headers['content-type'], response.body),
      ).toBeNull();
    }
  });

  it('names the path of a planted extra field and of a missing one', async () => {
    const response = await server.http.get('/api/agents?limit=2').expect(200);
    const agents = response.body as Array<Record<string, unknown>>;
    expect(agents.length).toBeGreaterThan(0);
    const type = response.headers['content-type'];

    const extra = agents.map((agent, index) => (index === 0 ? { ...agent, password_hash: 'x' } : agent));
    expect(contractMismatch('GET', '/api/agents', 200, type, extra)).toMatch(
      /^GET \/api\/agents \(listAgents\) answered outside the contract: body\[0\]: .*password_hash/,
    );

    const { name: _name, ...withoutName } = agents[0]!;
    expect(contractMismatch('GET', '/api/agents', 200, type, [withoutName])).toMatch(/body\[0\]\.name: /);
  });

  it('leaves errors and answers outside the contract alone', () => {
    expect(contractMismatch('GET', '/api/agents', 404, 'application/json', { error: 'x' })).toBeNull();
    expect(contractMismatch('GET', '/healthz', 200, 'application/json', { anything: true })).toBeNull();
  });

  it('fails the request itself once switched on, naming where the answer left the contract', async () => {
    checkLiveAnswers();
    // A real answer passes through untouched.
    await server.http.get('/api/agents/count').expect(200);
    // The same request against a stand-in that adds a field to the real answer fails.
    const real = (await server.http.get('/api/agents/count')).body as Record<string, unknown>;
    const express = (await import('express')).default;
    const standIn = express().get('/api/agents/count', (_req, res) => {
      res.json({ ...real, internal_note: 'leaked' });
    });
    await expect(request(standIn).get('/api/agents/count').expect(200)).rejects.toThrow(
      /GET \/api\/agents\/count \(countAgents\) answered outside the contract: body: .*internal_note/,
    );
  });
});
