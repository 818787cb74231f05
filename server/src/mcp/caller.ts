import type { Request } from 'express';
import { audienceKey } from '../analytics/audience';
import type { ApiKeyLastUse } from '../auth/api-key-last-use';
import { bearerTokenOf } from '../auth/api-key-tokens';
import { authenticateApiKey } from '../auth/authenticate-api-key';
import type { AppContext } from '../context';
import { assertActiveEmployer } from '../policies/employer';

// Who calls /mcp: a visitor's assistant (no Authorization header), which gets the public tools, or
// an assistant holding an employer API key, which gets the paid ones too (domain/src/paid-boundary.ts).
// A bad key, or the key of an employer whose plan lapsed, is refused outright (401, 403) rather
// than served as a visitor: its owner meant to use the paid tools and must learn why they cannot.

export interface McpCaller {
  /** Holds an employer API key of an active employer: the paid tools and arguments are listed and answered. */
  paid: boolean;
  /** Whom provider analytics count this caller as, once per agent and day (analytics/audience.ts). */
  audience: string;
}

export async function mcpCallerOf(
  req: Request,
  deps: Pick<AppContext, 'store' | 'services'> & { lastUse: ApiKeyLastUse },
): Promise<McpCaller> {
  const token = bearerTokenOf(req.get('authorization'));
  if (token === null) return { paid: false, audience: audienceKey({ ip: req.ip }) };
  const { user } = await authenticateApiKey(
    { store: deps.store, lastUse: deps.lastUse, now: deps.services.now },
    token,
  );
  assertActiveEmployer(user, true);
  return { paid: true, audience: audienceKey({ userId: user.id, ip: req.ip }) };
}
