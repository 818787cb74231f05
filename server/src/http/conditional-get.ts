import { createHash } from 'node:crypto';
import type { Response } from 'express';

// Validators on the public reads, so a program that asks again while nothing changed gets 304 and
// no body. The ETag hashes what is sent (the body, and the total the paging headers come from), so
// it holds whatever made the answer: the store, the search engine that lags behind it, or a new
// release that presents the same records differently. Express's res.send compares ETag and
// Last-Modified with If-None-Match (which wins) and If-Modified-Since, and answers 304 itself.

/**
 * JSON as its UTF-8 bytes with its ETag: made once where the answer is cached, so a popular search
 * answered again sends the same bytes without encoding them again (the socket's conversion of a
 * 9 kB string was 6 % of the API's time answering cached searches). The text itself is not kept:
 * a thousand cached answers would hold it twice.
 */
export interface JsonBody {
  bytes: Buffer;
  etag: string;
}

/** A weak ETag (the same JSON, whatever the transfer encoding) over the body and what else is sent with it. */
export function jsonBody(text: string, ...alsoSent: string[]): JsonBody {
  const bytes = Buffer.from(text, 'utf8');
  const hash = createHash('sha1').update(bytes);
  for (const part of alsoSent) hash.update('\u0000').update(part);
  return { bytes, etag: `W/"${hash.digest('base64url')}"` };
}

// This code may present the catalog differently from the release before it: no answer claims to be
// older than the process that made it.
const LOADED_AT = Date.now();

/**
 * HTTP dates have whole seconds, so a Last-Modified of the current second could hide a change made
 * later within it: it is left out until that second has passed (the ETag still validates).
 */
function lastModifiedHeader(changedAt: string | null | undefined, now: number): string | null {
  if (!changedAt) return null;
  const at = Math.max(Date.parse(changedAt), LOADED_AT);
  if (Number.isNaN(at) || now - at < 1000) return null;
  return new Date(at).toUTCString();
}

/** Sends the JSON with its ETag and, when known, when what it shows last changed. */
export function sendJson(res: Response, body: JsonBody, lastChangedAt?: string | null): void {
  res.set('ETag', body.etag);
  const lastModified = lastModifiedHeader(lastChangedAt, Date.now());
  if (lastModified) res.set('Last-Modified', lastModified);
  // The type first: given bytes, res.send would otherwise call them application/octet-stream.
  res.type('json').send(body.bytes);
}
