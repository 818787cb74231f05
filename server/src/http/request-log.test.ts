import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { redactUrl, timeAnswer } from './request-log';

describe('request log', () => {
  it('never writes one-time tokens or checkout session ids', () => {
    expect(redactUrl('/reset-password?token=abc_DEF-123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/subscription/success?x=1&session_id=cs_test_1#top')).toBe(
      '/subscription/success?x=1&session_id=[redacted]#top',
    );
    expect(redactUrl('/api/search?query=token')).toBe('/api/search?query=token');
    expect(redactUrl('/checkout/test/cs_test_abc123')).toBe('/checkout/test/[redacted]');
    expect(redactUrl('/api/test-checkout/cs_test_abc123/pay')).toBe('/api/test-checkout/[redacted]/pay');
    expect(redactUrl('/api/team-invitations/kLSI_Rs-KPS?x=1')).toBe('/api/team-invitations/[redacted]?x=1');
    expect(redactUrl('/api/team-invitations/accept')).toBe('/api/team-invitations/accept');
    expect(redactUrl('/join-team?token=kLSI_Rs')).toBe('/join-team?token=[redacted]');
  });
});

describe('the server time on every answer', () => {
  /** A plain server whose answers are timed on a clock that moves 2.5 ms per read, after `set`. */
  async function answerWith(handle: (res: http.ServerResponse) => void): Promise<http.IncomingMessage> {
    let clock = 10;
    const server = http.createServer((_req, res) => {
      timeAnswer(res, 10, () => (clock += 2.5));
      handle(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/' }, (response) => {
            response.resume();
            response.on('end', () => resolve(response));
          })
          .on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  it('says the time from arrival to the head, as app;dur', async () => {
    const response = await answerWith((res) => res.end('ok'));
    expect(response.headers['server-timing']).toBe('app;dur=2.5');
  });

  it("keeps a route's own Server-Timing beside it", async () => {
    const response = await answerWith((res) => {
      res.setHeader('Server-Timing', 'search;dur=1.00');
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    expect(response.headers['server-timing']).toBe('search;dur=1.00, app;dur=2.5');
    expect(response.headers['content-type']).toBe('text/plain');
  });
});
