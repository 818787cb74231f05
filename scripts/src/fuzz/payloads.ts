// The bad values the fuzzer puts in requests. Markup carries a token naming the case, so a
// reflection is told apart from text stored by an earlier request.

/** Markup that runs when a page inserts it as HTML; `token` names the case. */
export function markupPayloads(token: string): string[] {
  return [
    `<script>${token}()</script>`,
    `"><script>${token}()</script>`,
    `<img src=x onerror=${token}()>`,
    `<svg onload=${token}()>`,
    `javascript:${token}()`,
    `</textarea><script>${token}()</script>`,
    `{{constructor.constructor('${token}()')()}}`,
    `\${${token}()}`,
  ];
}

/** What must never come back as it was sent (escaped forms such as \u003cscript are fine). */
export function activeMarkup(token: string): string[] {
  return [`<script>${token}`, `<img src=x onerror=${token}`, `<svg onload=${token}`];
}

/** MongoDB query operators where a string or number is expected. */
export const NOSQL_OPERATORS: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $ne: 'x' },
  { $regex: '.*' },
  { $where: 'sleep(1000) || true' },
  { $in: ['a', 'b'] },
  { $exists: true },
  { $expr: { $eq: [1, 1] } },
];

/** Query-string spellings of the same operators (`name[$ne]=x`). */
export const NOSQL_QUERY_SUFFIXES = ['[$ne]=x', '[$gt]=', '[$regex]=.*', '[$where]=1', '[][$ne]=1'];

/** Keys that pollute Object.prototype when merged carelessly. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

export const PROTO_BODIES: string[] = [
  '{"__proto__":{"fuzzPolluted":true}}',
  '{"constructor":{"prototype":{"fuzzPolluted":true}}}',
  '{"__proto__":{"toString":"x","valueOf":1}}',
  '{"__proto__":null}',
  '{"hasOwnProperty":"x","toString":1}',
];

export const PROTO_QUERIES = [
  '__proto__[fuzzPolluted]=1',
  'constructor[prototype][fuzzPolluted]=1',
  '__proto__.fuzzPolluted=1',
  'hasOwnProperty=1',
  'toString=1',
];

/** Text that is not JSON, or JSON that is not an object. */
export const MALFORMED_JSON: string[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}}',
  '[1,2',
  'NaN',
  'undefined',
  '',
  ' ',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '\u0000',
  '\ufeff{"a":1}',
  '{"a":"\\ud800"}',
  '{"a":"\\x41"}',
  '{"a":1e99999}',
  '{"a":-0}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
];

/** Text from the edges of Unicode, and strings some code trips over. */
export const UNICODE_STRINGS: string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̸̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡',
  'ﬁ ＡＢＣ ㍿ ⅷ',
  '\uffff\ufffe',
  '\r\n\t\u000b\u000c\u0085\u2028\u2029',
  'İıſK',
  'A'.repeat(3) + '\u0301'.repeat(200),
  '%00%0d%0a',
  // Character references to no character: past U+10FFFF (a RangeError once), a surrogate, zero.
  '&#99999999;',
  '&#x110000;',
  `&#${'9'.repeat(80)};`,
  '&#xD800;&#0;',
  '\\u0000',
  ' ',
  '',
];

/** Raw bytes that are not UTF-8 (sent as a JSON string's content). */
export const INVALID_UTF8: Buffer[] = [
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xed, 0xa0, 0x80]),
];

/** Ids that try to leave their folder or confuse the router. */
export const TRAVERSAL_IDS: string[] = [
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '..\\..\\windows\\win.ini',
  '....//....//',
  '%252e%252e%252f',
  '/etc/passwd',
  'a%00b',
  '%00',
  '%ff',
  '%',
  '%e0%80%af',
  '.',
  '..',
  '~',
  '*',
  '-1',
  '0',
  '1e3',
  '00000000000000000000000000000001',
  '507f1f77bcf86cd799439011',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%24ne',
  'id%3F%23',
];

/** Values of the wrong type for any field. */
export const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  ['a'],
  [[[]]],
  {},
  { a: 1 },
  '',
  '1',
  'true',
  'null',
];

/** Query values of odd shapes (arrays by repeated keys and brackets, objects, numbers out of range). */
export const QUERY_SHAPES: Array<(name: string) => string> = [
  (name) => `${name}=1&${name}=2`,
  (name) => `${name}[]=1`,
  (name) => `${name}[]=1&${name}[]=2`,
  (name) => `${name}[a]=1`,
  (name) => `${name}[a][b][c]=1`,
  (name) => `${name}[0]=1`,
  (name) => `${name}=`,
  (name) => name,
  (name) => `${name}=-1`,
  (name) => `${name}=1e3`,
  (name) => `${name}=0x10`,
  (name) => `${name}=Infinity`,
  (name) => `${name}=NaN`,
  (name) => `${name}=99999999999999999999999`,
  (name) => `${name}=1.5`,
  (name) => `${name}=%20`,
  (name) => `${name}=%00`,
  (name) => `${name}=%ff`,
  (name) => `${name}=%`,
  (name) => `${name}=${'9'.repeat(400)}`,
  (name) => `${name}=${'a'.repeat(4000)}`,
  (name) => `${encodeURIComponent(name)}%5B%5D=1`,
];
