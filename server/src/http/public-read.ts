import type { RequestHandler } from 'express';

// The catalog and search reads are open to pages on other origins (a search embedded elsewhere),
// as plain CORS without credentials: `*` lets any origin read the answer, and a browser never sends
// cookies with it, so no one's session rides along. Only these GETs say so; everything with a
// session, every write and the admin API answer no CORS headers, so browsers keep them same-origin.

/** The public reads, as mounted under /api (Express path patterns). */
export const PUBLIC_READ_PATHS = [
  '/search',
  '/search-by-role',
  '/agents',
  '/agents/count',
  '/agents/:id',
  '/agents/:id/similar',
  '/categories',
  '/roles',
  // Trust (issue 26): an agent's reviews and what the link checker found of its site.
  '/agents/:id/reviews',
  '/agents/:id/site-check',
];

/** What a program on another origin may read besides the safelisted headers. */
export const EXPOSED_HEADERS = [
  'ETag',
  'Last-Modified',
  'X-Total-Count',
  'Link',
  'Server-Timing',
  'X-Search-Degraded',
  'X-Match-Count',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
];

/** How long a browser may reuse a preflight's answer: a day (Chromium caps it at two hours). */
export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

const EXPOSED = EXPOSED_HEADERS.join(', ');

/** Put before a public GET's handler: its answer, errors included, may be read from any origin. */
export const allowAnyOrigin: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  next();
};

/**
 * The preflight of a public GET (sent when a page adds a header such as If-None-Match): GET only.
 * Any request header is allowed, since nothing is credentialed and a GET changes nothing: tracing
 * libraries add headers of their own, and a fixed list would break those pages.
 */
export const answerPreflight: RequestHandler = (_req, res) => {
  res
    .set({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
      Allow: 'GET, HEAD, OPTIONS',
    })
    .status(204)
    .end();
};
