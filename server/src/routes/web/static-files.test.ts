import fs from 'node:fs';
import { FAKE_BUNDLE } from '../../testing/fake-client-dist';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { startWebTestServer } from '../../testing/web-test-server';

describe('the built client files', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWebTestServer();
  });
  afterAll(() => server.stop());

  it('serves hashed bundles under /assets/ as immutable for a year', async () => {
    const response = await server.http.get(FAKE_BUNDLE).expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a bundle that does not exist with 404, never with a page', async () => {
    const response = await server.http.get('/assets/index-Old12345.js').expect(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
  });

  it('serves the page HTML with no-cache so a new deploy shows at once', async () => {
    const response = await server.http.get('/').expect(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain(FAKE_BUNDLE);
  });

  it('serves other files such as the favicon with a short max-age', async () => {
    const response = await server.http.get('/favicon.svg').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends /index.html to / so the raw build-time meta is never served', async () => {
    await server.http.get('/index.html').expect(301).expect('Location', '/');
  });

  it('looks for no file on disk for a page (only paths into the build do)', async () => {
    const stat = jest.spyOn(fs, 'stat');
    try {
      await server.http.get('/directory').expect(200);
      await server.http.get('/agents/not-a-file').expect(404);
      expect(stat).not.toHaveBeenCalled();
      await server.http.get('/favicon.svg').expect(200);
      expect(stat).toHaveBeenCalled();
    } finally {
      stat.mockRestore();
    }
  });

  it('keeps the strict security headers on pages', async () => {
    const response = await server.http.get('/directory').expect(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('a server without a client build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('serves the API only: pages are neither rendered nor redirected', async () => {
    await server.http.get('/').expect(404);
    await server.http.get('/directory').expect(404);
    await server.http.get('/api/agents/count').expect(200);
  });
});
