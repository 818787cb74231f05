import fs from 'node:fs';
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
  const serve = express.static(clientDist, {
    // index.html is served by the page routes, with the page's meta filled in.
    index: false,
    redirect: false,
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(clientDist, filePath)),
  });
  // Only a path into what the build holds goes to the disk: every page (an agent's, the
  // directory, the home) passes through here, and each cost a stat of a file that is not there,
  // 2 % of a worker under bench:load's visitor mix (issue 24). The build's top level is read once:
  // a deploy that changes it restarts the API.
  const topLevel = new Set(readNames(clientDist));
  return (req, res, next) => {
    const first = req.path.split('/', 2)[1] ?? '';
    if (first === 'assets' || topLevel.has(first)) return serve(req, res, next);
    next();
  };
}

function readNames(directory: string): string[] {
  try {
    return fs.readdirSync(directory);
  } catch {
    return [];
  }
}
