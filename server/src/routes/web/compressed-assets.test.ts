import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createFakeClientDist, FAKE_BUNDLE } from '../../testing/fake-client-dist';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { preferredEncoding } from './compressed-assets';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and respects q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('compressed assets', () => {
  let server: TestServer;
  const dist = createFakeClientDist();
  const script = { path: FAKE_BUNDLE, content: fs.readFileSync(path.join(dist.dir, FAKE_BUNDLE), 'utf8') };
  beforeAll(async () => {
    server = await startTestServer({}, { clientDist: dist.dir });
  });
  afterAll(async () => {
    await server.stop();
    dist.remove();
  });

  // Raw bytes over plain http: supertest would decode the body itself.
  const fetchRaw = (encoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${server.running.url}${script.path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('sends hashed bundles brotli- or gzip-compressed with a year of caching', async () => {
    const br = await fetchRaw('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script.content);

    const gzip = await fetchRaw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script.content);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const plain = await server.http.get(script.path).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script.content);
  });
});
