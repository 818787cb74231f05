import fs from 'node:fs';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { OPENAPI_FILE } from './docs.routes';

describe('GET /api/openapi.yaml', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('answers the OpenAPI description as YAML', async () => {
    const response = await server.http.get('/api/openapi.yaml').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/yaml/);
    expect(response.text).toBe(fs.readFileSync(OPENAPI_FILE, 'utf8'));
    expect(response.text).toMatch(/^openapi: 3\.1\.\d+$/m);
  });

  it('is served to anonymous visitors without starting a session', async () => {
    const response = await server.http.get('/api/openapi.yaml').expect(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
