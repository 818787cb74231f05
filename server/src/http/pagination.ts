import type { Request, Response } from 'express';

// Lists answered a page at a time keep the spec's bare array and carry the rest in headers:
// X-Total-Count (how many match in all) and Link (RFC 8288) with rel="next" and rel="prev" as
// relative URLs that keep every other query parameter, so a client that only reads the array
// still works and one that pages needs no second request to learn the total. The limit and offset
// parameters themselves are part of the contract (domain/src/contract/shapes.ts, pageQuery).

export interface PageInfo {
  /** How many items match in all. */
  total: number;
  limit: number;
  offset: number;
  /** No next page past this position even when more match (a search's depth). */
  end?: number;
}

/** The request's own path and query with `offset` set (left out when 0, the default). */
function pageUrl(req: Request, offset: number): string {
  const url = new URL(req.originalUrl, 'http://relative.invalid');
  if (offset > 0) url.searchParams.set('offset', String(offset));
  else url.searchParams.delete('offset');
  return `${url.pathname}${url.search}`;
}

export function setPageHeaders(req: Request, res: Response, { total, limit, offset, end }: PageInfo): void {
  const links: string[] = [];
  if (offset + limit < Math.min(total, end ?? total)) {
    links.push(`<${pageUrl(req, offset + limit)}>; rel="next"`);
  }
  if (offset > 0) links.push(`<${pageUrl(req, Math.max(0, Math.min(offset, total) - limit))}>; rel="prev"`);
  res.set('X-Total-Count', String(total));
  if (links.length > 0) res.set('Link', links.join(', '));
}
