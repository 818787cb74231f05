import express from 'express';
import request from 'supertest';
import { cspDirectives, helmetMiddleware, securityHeaders } from './security-headers';

// The headers worked out once at start are exactly those helmet sets on every response itself.

function appWith(middleware: express.RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get('/x', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

const securityOf = (headers: Record<string, string>) => {
  const { date: _date, etag: _etag, 'content-length': _length, ...rest } = headers;
  return rest;
};

describe('securityHeaders', () => {
  it.each([false, true])(
    'sets what helmet sets, and removes what it removes (https only: %s)',
    async (httpsOnly) => {
      const [mine, helmets] = await Promise.all([
        request(appWith(securityHeaders({ httpsOnly }))).get('/x'),
        request(appWith(helmetMiddleware({ httpsOnly }))).get('/x'),
      ]);
      expect(securityOf(mine.headers)).toEqual(securityOf(helmets.headers));
      expect(mine.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(mine.headers['x-powered-by']).toBeUndefined();
      expect(Boolean(mine.headers['strict-transport-security'])).toBe(httpsOnly);
    },
  );

  it('refuses at start a directive worked out per request, which would send one nonce on every response', () => {
    const nonce = () => `'nonce-${Math.random().toString(36).slice(2)}'`;
    const directives = { ...cspDirectives({ httpsOnly: false }), scriptSrc: ["'self'", nonce] };
    expect(() => securityHeaders({ httpsOnly: false }, directives)).toThrow(/scriptSrc .* not a string/);
    expect(() => securityHeaders({ httpsOnly: false })).not.toThrow();
  });
});
