import { startTestServer, type TestServer } from './testing/test-server';

// Settings of the whole app that no single route owns.

describe('JSON answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('When an answer echoes markup from the request, then < > & go out escaped and parse back to the same text', async () => {
    const indexName = '"><script>alert(1)</script> & <img src=x onerror=alert(2)>';
    const response = await server.http
      .post('/api/instantsearch/multi-search')
      .send({ requests: [{ indexName, params: { query: 'anything' } }] })
      .expect(200);
    expect(response.text).not.toMatch(/<script|<img/);
    expect(response.text).toContain('\\u003cscript\\u003e');
    expect(response.body.results[0].index).toBe(indexName);
  });
});
