import type { Draft } from './draft';
import { describePath, getAt, type JsonPath, jsonPaths, setAt } from './json-path';
import {
  INVALID_UTF8,
  MALFORMED_JSON,
  markupPayloads,
  NOSQL_OPERATORS,
  PROTO_BODIES,
  UNICODE_STRINGS,
  WRONG_TYPES,
} from './payloads';
import type { Rng } from './rng';

// Bad inputs in a JSON body: each changes one thing of a body the server would accept, and says
// what it changed (the report prints it).

export interface MutationContext {
  rng: Rng;
  /** Names this case in markup, so that a reflection is found. */
  token: string;
}

export type Mutation = (draft: Draft, context: MutationContext) => string | null;

const preview = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

function pickPath(draft: Draft, rng: Rng, accept: (value: unknown) => boolean = () => true): JsonPath | null {
  const candidates = jsonPaths(draft.body).filter((path) => accept(getAt(draft.body, path)));
  if (candidates.length === 0) return null;
  // Fields more often than the whole body.
  const leaves = candidates.filter((path) => path.length > 0);
  return leaves.length > 0 && rng.chance(0.85) ? rng.pick(leaves) : rng.pick(candidates);
}

function replaceAt(draft: Draft, path: JsonPath, value: unknown, what: string): string {
  draft.body = setAt(draft.body, path, value);
  return `${describePath(path)} = ${what}`;
}

const isString = (value: unknown) => typeof value === 'string';

/** Applies only to drafts with a JSON body. */
const withBody =
  (mutation: Mutation): Mutation =>
  (draft, context) =>
    draft.body === undefined || draft.rawBody !== undefined ? null : mutation(draft, context);

export const bodyMutations: Record<string, Mutation> = {
  'wrong-type': withBody((draft, { rng }) => {
    const path = pickPath(draft, rng)!;
    const value = rng.pick(WRONG_TYPES);
    return replaceAt(draft, path, value, preview(value));
  }),

  missing: withBody((draft, { rng }) => {
    const keyed = jsonPaths(draft.body).filter((path) => path.length > 0);
    const choice = rng.int(keyed.length > 0 ? 4 : 2);
    if (choice === 0) {
      draft.body = undefined;
      return 'no body';
    }
    if (choice === 1) {
      draft.body = {};
      return 'body = {}';
    }
    if (choice === 2) {
      const path = rng.pick(keyed);
      draft.body = setAt(draft.body, path, undefined, true);
      return `${describePath(path)} left out`;
    }
    const path = rng.pick(keyed);
    return replaceAt(draft, path, '', '""');
  }),

  huge: withBody((draft, { rng }) => {
    const path = pickPath(draft, rng)!;
    const shape = rng.int(4);
    if (shape === 0) {
      const length = rng.pick([2_000, 20_000, 95_000]);
      return replaceAt(draft, path, 'x'.repeat(length), `a string of ${length} characters`);
    }
    if (shape === 1) {
      const length = rng.pick([1_000, 15_000]);
      return replaceAt(
        draft,
        path,
        Array.from({ length }, () => 'a'),
        `an array of ${length} items`,
      );
    }
    if (shape === 2) {
      const entries = Array.from({ length: 3_000 }, (_, index) => [`k${index}`, index]);
      return replaceAt(draft, path, Object.fromEntries(entries), 'an object of 3000 keys');
    }
    let nested: unknown = 'deep';
    for (let depth = 0; depth < 2_000; depth += 1) nested = rng.chance(0.5) ? [nested] : { a: nested };
    return replaceAt(draft, path, nested, 'nested 2000 levels deep');
  }),

  markup: withBody((draft, { rng, token }) => {
    const path = pickPath(draft, rng, isString) ?? pickPath(draft, rng)!;
    const payload = rng.pick(markupPayloads(token));
    const current = getAt(draft.body, path);
    const value = typeof current === 'string' && rng.chance(0.4) ? `${current} ${payload}` : payload;
    return replaceAt(draft, path, value, preview(value));
  }),

  nosql: withBody((draft, { rng }) => {
    if (rng.chance(0.2) && draft.body && typeof draft.body === 'object' && !Array.isArray(draft.body)) {
      draft.body = { ...(draft.body as object), $where: '1 == 1', $or: [{}] };
      return 'body gets $where and $or keys';
    }
    const path = pickPath(draft, rng)!;
    const value = rng.pick(NOSQL_OPERATORS);
    return replaceAt(draft, path, value, preview(value));
  }),

  proto: (draft, { rng }) => {
    const pollution = rng.pick(PROTO_BODIES);
    const body = draft.body;
    draft.parts = undefined;
    draft.contentType = 'application/json';
    if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0) {
      draft.rawBody = Buffer.from(pollution);
      return `body = ${pollution}`;
    }
    // Written as text: in an object literal, __proto__ sets the prototype instead of making a key.
    const path = rng.chance(0.5) ? [] : pickPath(draft, rng)!;
    const placeholder = 'fuzz-proto-placeholder';
    const text =
      path.length === 0
        ? `{${pollution.slice(1, -1)},${JSON.stringify(body).slice(1)}`
        : JSON.stringify(setAt(body, path, placeholder)).replace(`"${placeholder}"`, pollution);
    draft.rawBody = Buffer.from(text);
    return `${describePath(path)} ${path.length === 0 ? 'gets' : '='} ${pollution}`;
  },

  unicode: withBody((draft, { rng }) => {
    const path = pickPath(draft, rng, isString) ?? pickPath(draft, rng)!;
    if (rng.chance(0.2)) {
      // Bytes that are not UTF-8 inside a JSON string.
      const bytes = rng.pick(INVALID_UTF8);
      const marker = '\u0001fuzz-bytes\u0001';
      const text = JSON.stringify(setAt(draft.body, path, `a${marker}b`));
      const [before, after] = text.split(JSON.stringify(marker).slice(1, -1));
      draft.rawBody = Buffer.concat([Buffer.from(before!), bytes, Buffer.from(after ?? '')]);
      return `${describePath(path)} holds bytes ${bytes.toString('hex')} (not UTF-8)`;
    }
    const text = rng.pick(UNICODE_STRINGS);
    const current = getAt(draft.body, path);
    const value = typeof current === 'string' && rng.chance(0.5) ? `${current}${text}` : text;
    return replaceAt(draft, path, value, preview(value));
  }),
};

/** Bad bytes and headers for any request that may carry a body (JSON or not). */
export const rawBodyMutations: Record<string, Mutation> = {
  'malformed-json': (draft, { rng }) => {
    const text = draft.body === undefined ? '{"a":1}' : JSON.stringify(draft.body);
    const raw = rng.chance(0.3) ? text.slice(0, Math.max(1, rng.int(text.length))) : rng.pick(MALFORMED_JSON);
    draft.rawBody = Buffer.from(raw);
    draft.parts = undefined;
    draft.contentType = 'application/json';
    return `body = ${preview(raw)}`;
  },

  'content-type': (draft, { rng }) => {
    if (draft.rawBody === undefined && draft.parts === undefined && draft.body === undefined)
      draft.body = { a: 1 };
    const type = rng.pick([
      'text/plain',
      'text/html',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=bogus',
      'application/json; charset=latin1',
      'application/vnd.api+json',
      'application/JSON',
      'application/json, text/plain',
      '*/*',
      'image/png',
    ]);
    draft.contentType = type;
    if (rng.chance(0.25)) {
      const encoding = rng.pick(['gzip', 'deflate', 'br', 'x-unknown', 'identity, gzip']);
      draft.headers['content-encoding'] = encoding;
      return `Content-Type: ${type}, Content-Encoding: ${encoding}`;
    }
    if (type === 'application/x-www-form-urlencoded' && rng.chance(0.5)) {
      draft.rawBody = Buffer.from('email[$ne]=x&__proto__[fuzzPolluted]=1&a[b][c]=1');
      draft.parts = undefined;
    }
    return `Content-Type: ${type}`;
  },

  oversize: (draft, { rng }) => {
    const size = rng.pick([101 * 1024, 200 * 1024, 2 * 1024 * 1024]);
    const base = draft.body && typeof draft.body === 'object' && !Array.isArray(draft.body) ? draft.body : {};
    draft.rawBody = Buffer.from(JSON.stringify({ ...(base as object), pad: 'x'.repeat(size) }));
    draft.parts = undefined;
    draft.contentType = draft.contentType?.startsWith('multipart/')
      ? 'application/json'
      : (draft.contentType ?? 'application/json');
    return `a body of ${draft.rawBody.length} bytes`;
  },
};
