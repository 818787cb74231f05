import path from 'node:path';
import type { FuzzCase } from './cases';
import type { RawResponse } from './client';
import { activeMarkup } from './payloads';

// What every answer to a bad request must be: never a 5xx; a 4xx is JSON with an error meant for
// people; no markup of the request comes back as it was sent; nothing of the server's insides
// (stack traces, file paths) shows.

const REPOSITORY = path.resolve(__dirname, '../../..');

/** Stack frames ("at fn (file:1:2)"), in text or inside a JSON string ("\n    at ..."). */
export const STACK_LINE = /(^|\n|\\n)\s*at \S[^\n]*?:\d+:\d+/;

/** Messages that tell nobody what was wrong (the error factories' defaults, the fallback). */
const GENERIC_ERRORS = new Set(['bad request', 'not found', 'forbidden', 'error', 'authentication required']);

/** Why an error message would not help the person who reads it, or null when it is clear. */
function unclear(error: string, sentBody: boolean): string | null {
  if (GENERIC_ERRORS.has(error.trim().toLowerCase())) return `only says "${error}"`;
  if (/internal server error/i.test(error)) return `says "${error}"`;
  if (!sentBody && /request body/i.test(error)) return `blames a request body that was not sent ("${error}")`;
  if (/^([\w.]+): \1:/.test(error)) return `names the field twice ("${error}")`;
  return null;
}

export function leakNeedles(dataDir: string): string[] {
  return [REPOSITORY, dataDir, '/work/', 'node_modules', '.ts:', 'file://'];
}

export function judge(fuzzCase: FuzzCase, response: RawResponse, dataDir: string): string[] {
  const problems: string[] = [];
  const { status, text } = response;
  const sent = `${fuzzCase.request.path}\n${fuzzCase.request.body?.toString('utf8') ?? ''}`;
  if (status >= 500) problems.push(`answered ${status}`);
  if (fuzzCase.mustRefuse && status !== 401 && status !== 403)
    problems.push(`answered ${status} to ${fuzzCase.detail}: it must be refused (401 or 403)`);
  if (status >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    const error = (response.json as { error?: unknown } | undefined)?.error;
    if (!type.startsWith('application/json'))
      problems.push(`a ${status} that is not JSON (${type || 'no type'})`);
    else if (typeof error !== 'string' || error.trim() === '')
      problems.push(`a ${status} without an "error" message`);
    else if (status < 500) {
      const why = unclear(error, (fuzzCase.request.body?.length ?? 0) > 0);
      if (why) problems.push(`a ${status} that ${why}`);
    }
  }
  for (const markup of activeMarkup(fuzzCase.token)) {
    if (text.includes(markup)) problems.push(`reflects ${markup} unescaped`);
  }
  if (STACK_LINE.test(text) && !STACK_LINE.test(sent)) problems.push('shows a stack trace');
  for (const needle of leakNeedles(dataDir)) {
    if (text.includes(needle) && !sent.includes(needle)) problems.push(`shows "${needle}"`);
  }
  return problems;
}

/** Object.prototype as it should stay: a request that changes it has polluted every object. */
export type PrototypeState = Map<string, unknown>;

export function prototypeState(): PrototypeState {
  const proto = Object.prototype as Record<string, unknown>;
  return new Map(Object.getOwnPropertyNames(proto).map((key) => [key, proto[key]]));
}

/** What a request added to or changed on Object.prototype; put back so the run goes on clean. */
export function pollution(before: PrototypeState): string[] {
  const proto = Object.prototype as Record<string, unknown>;
  const changed: string[] = [];
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (!before.has(key)) {
      changed.push(key);
      delete proto[key];
    } else if (proto[key] !== before.get(key)) {
      changed.push(key);
      proto[key] = before.get(key);
    }
  }
  return changed;
}
