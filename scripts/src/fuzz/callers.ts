import type { RawResponse } from './client';
import type { Operation } from './openapi';
import type { Rng } from './rng';
import type { SeededIds } from './seed';
import type { CallerName, CsrfMode } from './world';

// Who sends each request: the caller the operation is for (so that bad bodies get past sign-in and
// ownership to the validation), or a wrong one (no session, no or a forged CSRF token, another
// kind of account, a user on the admin API and the other way round).

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isStateChange = (operation: Operation) => !SAFE.has(operation.method);

/**
 * The signed-in account an operation admits, learned from its answers: the provider first, the
 * employer once the provider is refused (401, or 403 for something other than the CSRF token).
 */
export class CallerPicker {
  private readonly refused = new Map<string, Set<CallerName>>();

  rightCaller(operation: Operation): CallerName {
    if (operation.audience === 'admin') return 'admin';
    if (operation.audience === 'session') return 'visitor';
    if (operation.audience === 'public') return 'anonymous';
    const refused = this.refused.get(operation.id);
    return (['provider', 'employer'] as const).find((name) => !refused?.has(name)) ?? 'provider';
  }

  learn(operation: Operation, caller: CallerName, csrf: CsrfMode, response: RawResponse): void {
    if (operation.audience !== 'signed-in' || csrf !== 'ok') return;
    const refusedCaller =
      response.status === 401 || (response.status === 403 && !/csrf/i.test(response.text));
    if (!refusedCaller) return;
    const refused = this.refused.get(operation.id) ?? new Set<CallerName>();
    refused.add(caller);
    this.refused.set(operation.id, refused);
  }
}

/** A wrong caller for the operation, or null when anybody may call it. */
export function wrongCaller(operation: Operation, right: CallerName, rng: Rng): WrongCaller | null {
  if (operation.audience === 'public') return null;
  const options: WrongCaller[] = [{ caller: 'anonymous', csrf: 'ok', detail: 'no session' }];
  options.push(...keyCallers(operation));
  if (operation.audience !== 'session')
    options.push({ caller: 'visitor', csrf: 'ok', detail: 'nobody signed in' });
  if (isStateChange(operation) && operation.csrf) {
    options.push({ caller: right, csrf: 'missing', detail: `${right} without the CSRF token` });
    options.push({ caller: right, csrf: 'wrong', detail: `${right} with a forged CSRF token` });
  }
  if (operation.audience === 'admin') {
    options.push({ caller: 'provider', csrf: 'ok', detail: "a provider's session on the admin API" });
    options.push({ caller: 'employer', csrf: 'ok', detail: "an employer's session on the admin API" });
  }
  if (operation.audience === 'signed-in') {
    const other = right === 'provider' ? 'employer' : 'provider';
    options.push({ caller: other, csrf: 'ok', detail: `the ${other} instead of the ${right}` });
    options.push({ caller: 'admin', csrf: 'ok', detail: 'an admin session on a user call' });
  }
  return rng.pick(options);
}

export interface WrongCaller {
  caller: CallerName;
  csrf: CsrfMode;
  detail: string;
  /** Must be refused (401 or 403) whatever else is wrong with the request: a key that opens nothing here. */
  mustRefuse?: true;
}

/**
 * Employer API keys where they must open nothing: a revoked key and a lapsed employer's key where
 * keys work (the employer tools), and a good key where they do not (the admin API, the account's
 * own calls, the keys' own endpoints).
 */
function keyCallers(operation: Operation): WrongCaller[] {
  if (operation.apiKey) {
    return [
      { caller: 'revokedKey', csrf: 'ok', detail: 'a revoked employer API key', mustRefuse: true },
      { caller: 'lapsedKey', csrf: 'ok', detail: "a lapsed employer's API key", mustRefuse: true },
    ];
  }
  if (operation.audience === 'signed-in' || operation.audience === 'admin') {
    return [
      {
        caller: 'keyHolder',
        csrf: 'ok',
        detail: 'an employer API key where keys open nothing',
        mustRefuse: true,
      },
    ];
  }
  return [];
}

/**
 * The seeded record a path's {param} names: the resource before it says which (an agent the
 * provider owns, the employer's shortlist, a request in the inbox of that path...).
 */
export function pathValue(
  operation: Operation,
  name: string,
  caller: { userId?: string },
  ids: SeededIds,
): string {
  if (name === 'user_id') return caller.userId ?? ids.providerId;
  if (name === 'slug') return ids.providerSlug;
  if (name === 'agentId') return ids.ownAgents[1]!;
  // Only a listing nobody owns can be reported by its maker.
  if (operation.path.endsWith('/ownership-reports')) return ids.unownedAgent;
  const segments = operation.path.split('/');
  const at = segments.indexOf(`{${name}}`);
  const resource = segments[at - 1];
  const parent = segments[at - 2];
  switch (resource) {
    case 'shortlists':
      return ids.shortlist;
    case 'saved-searches':
      return ids.savedSearch;
    case 'requests':
      return ids.providerRequest;
    case 'inbox':
      return parent === 'admin' ? ids.adminRequest : ids.providerRequest;
    case 'test-checkout':
      return ids.checkout;
    case 'subscribers':
      return ids.employerId;
    case 'api-keys':
      return ids.apiKey;
    case 'review-queue':
      return ids.heldAgent;
    case 'reviews':
      return ids.review;
    case 'domains':
    case 'verifications':
      return ids.providerDomain;
    case 'listing-claims':
      return ids.claim;
    default:
      return ids.ownAgents[0]!;
  }
}
