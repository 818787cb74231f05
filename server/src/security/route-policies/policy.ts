import type { Caller, Probe } from '../callers';
import type { World } from '../world';

// What a route policy says, and the small pieces the tables beside this file share.

export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Anyone who holds the unguessable id or one-time token the request carries (checkouts, reset links). */
  | 'capability'
  /** A signed-in user account of any kind (a staff session is no user). */
  | 'signed-in'
  /** The provider whose resource it is; another account learns nothing (403 or 404). */
  | 'provider-owner'
  /** An employer account with an active subscription (403 requires_subscription otherwise). */
  | 'active-employer'
  /** An employer account, whatever its plan (what it keeps it may read and take back); a provider gets 403. */
  | 'employer-account'
  /** A provider account, whatever its plan (its domains, claims by domain proof); an employer gets 403. */
  | 'provider-account'
  /** A signed-in admin (401 to everyone else, users included). */
  | 'admin'
  /** Stripe, proven by the signature over the raw body (no session, no CSRF token). */
  | 'webhook-signature';

export interface RoutePolicy {
  access: Access;
  /** The request to send: path parameters filled with ids of the seeded world, the body it takes. */
  probe?: (world: World, caller: Caller) => Probe | Promise<Probe>;
  /** Answers an allowed caller may get besides 2xx and 3xx: business rules, not rights (each says why). */
  alsoOk?: number[];
  /** The call changes the caller's own session (signs in, out, up): sent from a fresh browser. */
  freshBrowser?: true;
  /** Needs no CSRF token, and why (SECURITY.md gives the same reasons). */
  csrfExempt?: string;
  /** Readable by pages on any origin (CORS `*`, never with credentials); no other route may say so. */
  crossOrigin?: true;
  /**
   * An employer API key (Authorization: Bearer) opens it: the active employer's key acts as the
   * employer, with no session or CSRF token; a lapsed employer's key is refused (403). Elsewhere a
   * key opens nothing: its caller is a visitor.
   */
  apiKey?: true;
}

/** A structured profile (issue 28) every caller allowed may save. */
export const PROFILE_PROBE = {
  deployment: ['cloud'],
  languages: 'en, es',
  integrations: ['Slack'],
  free_trial: true,
};

export const agentBody = (w: World) => ({
  name: w.unique('Probe Agent'),
  provider: 'Probe Labs',
  category: 'Customer Service',
  role: 'Customer Support Agent',
  description: 'Answers customer emails in Spanish and English.',
  cost: '$29/month',
  address: `https://${w.unique('probe')}.example`,
});
export const get = (path: (w: World) => string) => (w: World) => ({ path: path(w) });
export const page: RoutePolicy = { access: 'public' };
export const openRead: RoutePolicy = { access: 'public', crossOrigin: true };
export const MCP_HEADERS = { Accept: 'application/json, text/event-stream' };
