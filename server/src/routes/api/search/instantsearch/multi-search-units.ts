import { MULTI_SEARCH_MAX_REQUESTS } from '@agentry/domain/request-bounds';
import type { Request } from 'express';

/**
 * The units of work a multi-search POST asks for: one per search it holds (at least 1, at most
 * MULTI_SEARCH_MAX_REQUESTS, which the body's schema enforces after the charge), read before the
 * body is validated so that the charge comes first, as every rate limit does.
 */
export function searchesIn(req: Request): number {
  const requests: unknown = req.body?.requests;
  return Array.isArray(requests) ? Math.min(Math.max(requests.length, 1), MULTI_SEARCH_MAX_REQUESTS) : 1;
}
