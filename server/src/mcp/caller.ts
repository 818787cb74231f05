import type { Request } from 'express';
import { audienceKey } from '../analytics/audience';
import { apiKeyHolderOf } from '../http/api-key-auth';
import { assertActiveEmployer } from '../policies/employer';

// Who calls /mcp: a visitor's assistant (no Authorization header), which gets the public tools, or
// an assistant holding an employer API key, which gets the paid ones too (domain/src/paid-boundary.ts).
// A bad key, or the key of an employer whose plan lapsed, is refused outright (401, 403) rather
// than served as a visitor: its owner meant to use the paid tools and must learn why they cannot.
// The key was looked up before the rate limit (http/api-key-auth.ts' identifyApiKey), which
// charged the request to the key's budget when valid, to the address otherwise.

export interface McpCaller {
  /** Holds an employer API key of an active employer: the paid tools and arguments are listed and answered. */
  paid: boolean;
  /** Whom provider analytics count this caller as, once per agent and day (analytics/audience.ts). */
  audience: string;
}

/** Throws the 401 of a bad key or the 403 of a lapsed employer's key. */
export function mcpCallerOf(req: Request): McpCaller {
  const holder = apiKeyHolderOf(req);
  if (holder === null) return { paid: false, audience: audienceKey({ ip: req.ip }) };
  assertActiveEmployer(holder.user, holder.scope, true);
  // The employer organization (its subscriber's account), as on the site's employer tools.
  return { paid: true, audience: audienceKey({ userId: holder.scope.ownerId, ip: req.ip }) };
}
