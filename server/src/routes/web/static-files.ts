import path from 'node:path';
import express, { type RequestHandler } from 'express';

// The built client's files. Vite puts content-hashed bundles under /assets/, so they never change
// and may be cached for a year; HTML must be revalidated on every visit so a deploy shows at once;
// anything else (the favicon) gets an hour.

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_HTML = 'no-cache';
export const CACHE_SHORT = 'public, max-age=3600';

export function cacheControlFor(clientDist: string, filePath: string): string {
  const relative = path.relative(clientDist, filePath).split(path.sep);
  if (relative[0] === 'assets') return CACHE_IMMUTABLE;
  return filePath.endsWith('.html') ? CACHE_HTML : CACHE_SHORT;
}

export function staticFiles(clientDist: string): RequestHandler {
  return express.static(clientDist, {
    // index.html is served by the page routes, with the page's meta filled in.
    index: false,
    redirect: false,
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(clientDist, filePath)),
  });
}
