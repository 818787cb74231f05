import type { Answer } from './virtual-user';

// Why a 429 came: which limiter said no, read from what the API answers with it. The per-client
// limiters (server/src/http/rate-limits.ts) send RateLimit-Policy "<limit>;w=<window seconds>" and
// a message per kind; the contact-request throttle (one employer's requests per hour, counted in
// the store) sends its own message and no policy. Anything else is named by what it said.

export function rateLimitReason(answer: Pick<Answer, 'headers' | 'json'>, method: string): string {
  const policy = String(answer.headers['ratelimit-policy'] ?? '');
  const message = String((answer.json as { error?: unknown } | null)?.error ?? '');
  const window = Number(/w=(\d+)/.exec(policy)?.[1] ?? Number.NaN);
  const limit = policy.split(';', 1)[0];
  if (/sign-in attempts/i.test(message) || window === 900) {
    return `failed sign-ins per address or per account (${limit} per 15 min)`;
  }
  if (/sign-ups/i.test(message) || window === 3600) return `sign-ups per address (${limit} per hour)`;
  if (/requests in the last hour/i.test(message))
    return 'contact requests per employer (per hour, in the store)';
  if (window === 60) {
    // Reads and writes share the message: the method says which (read-only POSTs count as reads,
    // and their policy then names the read limit).
    return `${method === 'GET' || method === 'HEAD' ? 'reads' : 'writes or read-only POSTs'} per address (${limit} per minute)`;
  }
  return `unrecognised 429: ${policy || 'no RateLimit-Policy'} "${message.slice(0, 80)}"`;
}
