import { MCP_PATH } from '@agentry/domain/mcp';
import { MCP_MAX_BATCH } from '@agentry/domain/request-bounds';
import type { RawRequest } from './client';
import { MALFORMED_JSON, markupPayloads, NOSQL_OPERATORS, PROTO_BODIES } from './payloads';
import type { Rng } from './rng';
import type { SeededIds } from './seed';
import type { CallerName } from './world';

// The fuzzer's cases for POST /mcp, which docs/openapi.yaml does not describe (JSON-RPC, not REST):
// tool names, argument types and sizes read from the tools' own input schemas (tools/list, as a key
// holder sees them: a tool added later is fuzzed unchanged), JSON-RPC envelopes, batch sizes up to
// past MCP_MAX_BATCH, bodies that are not JSON-RPC, and callers with and without keys (a good key, a
// lapsed employer's, a revoked one, a made-up one, a header that is no bearer token). Seeded: a
// case is the same for the same seed and index.

export const MCP_KINDS = ['arguments', 'tool-name', 'envelope', 'batch', 'body'] as const;
export type McpKind = (typeof MCP_KINDS)[number];

/** A tool as tools/list describes it (the parts the fuzzer reads). */
export interface ListedTool {
  name: string;
  inputSchema: { properties?: Record<string, JsonSchema>; required?: string[] };
}

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
  maxItems?: number;
  items?: JsonSchema;
}

/** Who sends a case: a world caller, or an anonymous one with an Authorization header of its own. */
export type McpCallerName = CallerName | 'madeUpKey' | 'notBearer';

export interface McpCase {
  index: number;
  kind: McpKind;
  detail: string;
  caller: McpCallerName;
  /** Names this case in its markup. */
  token: string;
  request: RawRequest;
  /** The JSON-RPC messages sent, when the body is JSON (the checks match answers to them). */
  messages: unknown[] | null;
  /** The answer this caller must get whatever the body: a refused key. */
  refusedWith?: 401 | 403;
}

export interface McpFuzzContext {
  /** Every tool, as a key holder lists them. */
  tools: ListedTool[];
  ids: SeededIds;
}

const CALLERS: Array<[McpCallerName, number]> = [
  ['anonymous', 40],
  ['keyHolder', 35],
  ['lapsedKey', 7],
  ['revokedKey', 7],
  ['madeUpKey', 6],
  ['notBearer', 5],
];

function pickCaller(rng: Rng): McpCallerName {
  let roll = rng.int(100);
  for (const [name, weight] of CALLERS) {
    if (roll < weight) return name;
    roll -= weight;
  }
  return 'anonymous';
}

const MADE_UP_KEY = `agk_${'Q'.repeat(43)}`;
const NOT_BEARER = ['Basic YWdrXzpub3BlCg==', 'Bearer', 'Bearer agk_short', 'Bearer a b', 'agk_'];

const call = (id: unknown, name: unknown, args: unknown): Record<string, unknown> => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: args === undefined ? { name } : { name, arguments: args },
});

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A value the schema accepts, for a valid call to change one thing of. */
function validValue(name: string, schema: JsonSchema, ids: SeededIds): unknown {
  if (name === 'id') return ids.ownAgents[0];
  if (name === 'ids') return [ids.ownAgents[0], ids.ownAgents[1]];
  if (schema.enum?.length) return schema.enum[0];
  const [type] = typesOf(schema);
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'array') return [validValue('', schema.items ?? { type: 'string' }, ids)];
  if (type === 'boolean') return true;
  return 'answer customer emails';
}

function validArguments(tool: ListedTool, ids: SeededIds): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of tool.inputSchema.required ?? [])
    args[name] = validValue(name, tool.inputSchema.properties?.[name] ?? {}, ids);
  return args;
}

/** Values of every wrong shape and size for one argument of `schema`. */
function badValues(schema: JsonSchema, token: string): Array<[string, unknown]> {
  const longest = schema.maxLength ?? 500;
  const most = schema.maxItems ?? 10;
  return [
    ['null', null],
    ['true', true],
    ['a number', 7],
    ['a negative number', -1],
    ['a fraction', 2.5],
    ['a huge number', 1e308],
    ['text of a number', '5'],
    ['empty text', ''],
    ['blank text', '   '],
    [`${longest + 1} characters`, 'y'.repeat(longest + 1)],
    ['20,000 characters', 'z'.repeat(20_000)],
    ['an empty list', []],
    [`a list of ${most + 1}`, Array.from({ length: most + 1 }, (_, i) => String(i + 1))],
    ['a list of lists', [[1], [2]]],
    ['an object', { a: 1 }],
    ['a query operator', NOSQL_OPERATORS[token.length % NOSQL_OPERATORS.length]],
    ['markup', markupPayloads(token)[token.length % 8]],
    ['a reference to no character', '&#99999999;'],
    ['a lone surrogate', '\ud800'],
    ['a NUL', 'a\u0000b'],
    ['right-to-left and zero-width characters', '\u202e\u200bgpj.exe'],
    ['a path', '../../../etc/passwd'],
    ['a value outside the enum', 'premium-plus'],
    [
      'an upper-case enum value',
      typeof schema.enum?.[0] === 'string' ? schema.enum[0].toUpperCase() : 'FREE',
    ],
  ];
}

function argumentsCase(rng: Rng, context: McpFuzzContext, token: string): [string, unknown] {
  const tool = rng.pick(context.tools);
  const args = validArguments(tool, context.ids);
  const properties = Object.entries(tool.inputSchema.properties ?? {});
  const shape = rng.int(10);
  if (shape === 0) {
    const notObject = rng.pick<[string, unknown]>([
      ['text', 'search for agents'],
      ['a list', [args]],
      ['null', null],
      ['a number', 3],
    ]);
    return [`${tool.name} with arguments that are ${notObject[0]}`, call(1, tool.name, notObject[1])];
  }
  if (shape === 1) return [`${tool.name} without arguments`, call(1, tool.name, undefined)];
  if (shape === 2 && (tool.inputSchema.required?.length ?? 0) > 0) {
    const missing = rng.pick(tool.inputSchema.required!);
    delete args[missing];
    return [`${tool.name} without ${missing}`, call(1, tool.name, args)];
  }
  if (shape === 3) {
    const extra = rng.pick([
      'unknown_argument',
      '__proto__',
      'constructor',
      'max_price_monthly',
      'ids',
      // The profile filters of the employer plan (issue 28): a visitor is told they are paid.
      'languages',
      'integrations',
      'max_starting_price_monthly',
    ]);
    const withExtra = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
    Object.defineProperty(withExtra, extra, { value: { fuzzPolluted: token }, enumerable: true });
    return [`${tool.name} with an extra argument ${extra}`, call(1, tool.name, withExtra)];
  }
  if (properties.length === 0) return [`${tool.name} with its arguments`, call(1, tool.name, args)];
  const [name, schema] = rng.pick(properties);
  const [what, value] = rng.pick(badValues(schema, token));
  return [`${tool.name} with ${name} ${what}`, call(1, tool.name, { ...args, [name]: value })];
}

function toolNameCase(rng: Rng, context: McpFuzzContext, token: string): [string, unknown] {
  const [what, name] = rng.pick<[string, unknown]>([
    ['an unknown tool', 'delete_agents'],
    ['an empty name', ''],
    ['a name that is a number', 42],
    ['a null name', null],
    ['a name that is an object', { name: 'search_agents' }],
    ['a name that is a list', ['search_agents']],
    ['a 10,000-character name', 'n'.repeat(10_000)],
    ['a name in capitals', 'SEARCH_AGENTS'],
    ['a name with a space', 'search_agents '],
    ['markup as the name', markupPayloads(token)[0]],
    ['a query operator as the name', { $ne: null }],
    ['the employer plan’s tool', 'compare_agents'],
    ['a name with a path', '../compare_agents'],
  ]);
  const args = rng.chance(0.5) ? validArguments(rng.pick(context.tools), context.ids) : {};
  return [`tools/call of ${what}`, call(1, name, args)];
}

function envelopeCase(rng: Rng, token: string): [string, unknown] {
  const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  return rng.pick<[string, unknown]>([
    ['jsonrpc 1.0', { ...list, jsonrpc: '1.0' }],
    ['no jsonrpc', { id: 1, method: 'tools/list' }],
    ['jsonrpc as a number', { ...list, jsonrpc: 2 }],
    ['no id (a notification of a request)', { jsonrpc: '2.0', method: 'tools/list' }],
    ['a null id', { ...list, id: null }],
    ['an object id', { ...list, id: { a: 1 } }],
    ['a list id', { ...list, id: [1] }],
    ['a fractional id', { ...list, id: 1.5 }],
    ['a 5,000-character id', { ...list, id: 'i'.repeat(5000) }],
    ['markup as the id', { ...list, id: markupPayloads(token)[2] }],
    ['a method that is a number', { ...list, method: 5 }],
    ['an empty method', { ...list, method: '' }],
    ['an unknown method', { ...list, method: 'agents/delete' }],
    ['a 3,000-character method', { ...list, method: 'm'.repeat(3000) }],
    ['resources/list', { ...list, method: 'resources/list' }],
    ['prompts/get', { ...list, method: 'prompts/get', params: { name: 'x' } }],
    ['logging/setLevel', { ...list, method: 'logging/setLevel', params: { level: 'debug' } }],
    ['completion/complete', { ...list, method: 'completion/complete', params: {} }],
    ['ping', { ...list, method: 'ping' }],
    ['initialize without its fields', { ...list, method: 'initialize', params: {} }],
    [
      'initialize',
      {
        ...list,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: `fuzz ${token}`, version: '1' },
        },
      },
    ],
    ['tools/call without params', { jsonrpc: '2.0', id: 1, method: 'tools/call' }],
    ['tools/call with params as text', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: 'x' }],
    ['tools/call with params as a list', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: [] }],
    [
      'tools/call with an odd _meta',
      {
        ...call(1, 'list_categories', {}),
        params: { name: 'list_categories', arguments: {}, _meta: { progressToken: { a: 1 } } },
      },
    ],
    ['tools/list with a cursor object', { ...list, params: { cursor: { $gt: '' } } }],
    ['a result sent to the server', { jsonrpc: '2.0', id: 1, result: {} }],
    ['an error sent to the server', { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } }],
    ['notifications/initialized', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['notifications/cancelled with junk', { jsonrpc: '2.0', method: 'notifications/cancelled', params: 7 }],
  ]);
}

const BATCH_SIZES = [
  1,
  2,
  MCP_MAX_BATCH - 1,
  MCP_MAX_BATCH,
  MCP_MAX_BATCH + 1,
  2 * MCP_MAX_BATCH,
  50,
  100,
  101,
];

function batchCase(rng: Rng, context: McpFuzzContext, token: string): [string, unknown] {
  const size = rng.pick(BATCH_SIZES);
  const mix = rng.pick(['valid calls', 'searches', 'a mix with bad messages', 'notifications and calls']);
  const messages = Array.from({ length: size }, (_, i) => {
    const id = i + 1;
    if (mix === 'searches')
      return call(id, 'search_agents', { query: `support ${token} ${i}`.padEnd(400, ' help'), limit: 50 });
    if (mix === 'valid calls') {
      const tool = context.tools[i % context.tools.length]!;
      return call(id, tool.name, validArguments(tool, context.ids));
    }
    if (mix === 'notifications and calls' && i % 2 === 1)
      return { jsonrpc: '2.0', method: 'notifications/initialized' };
    if (mix === 'a mix with bad messages' && i % 3 === 2) return rng.pick([5, null, 'x', [], { id }]);
    return call(id, 'list_categories', {});
  });
  return [`a batch of ${size} (${mix})`, messages];
}

function bodyCase(rng: Rng): { detail: string; body: Buffer; headers: Record<string, string> } {
  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const valid = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const shape = rng.int(6);
  if (shape === 0) {
    const text = rng.pick(MALFORMED_JSON);
    return {
      detail: `the body ${JSON.stringify(text).slice(0, 40)}`,
      body: Buffer.from(text),
      headers: json,
    };
  }
  if (shape === 1) {
    const text = rng.pick(PROTO_BODIES);
    return { detail: `the body ${text}`, body: Buffer.from(text), headers: json };
  }
  if (shape === 2)
    return {
      detail: 'a 70 kB body',
      body: Buffer.from(JSON.stringify({ ...JSON.parse(valid), padding: 'p'.repeat(70_000) })),
      headers: json,
    };
  if (shape === 3)
    return {
      detail: 'a JSON-RPC message sent as text/plain',
      body: Buffer.from(valid),
      headers: { ...json, 'content-type': 'text/plain' },
    };
  if (shape === 4)
    return {
      detail: 'no Accept header',
      body: Buffer.from(valid),
      headers: { 'content-type': 'application/json' },
    };
  return {
    detail: 'an Accept header without text/event-stream',
    body: Buffer.from(valid),
    headers: { ...json, accept: 'application/json' },
  };
}

export function buildMcpCase(index: number, kind: McpKind, rng: Rng, context: McpFuzzContext): McpCase {
  const token = `mcpfz${index.toString(36)}q${rng.int(36 ** 4).toString(36)}`;
  const caller = pickCaller(rng);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (caller === 'madeUpKey') headers.authorization = `Bearer ${MADE_UP_KEY}`;
  if (caller === 'notBearer') headers.authorization = rng.pick(NOT_BEARER);
  let detail: string;
  let body: Buffer;
  let messages: unknown[] | null = null;
  if (kind === 'body') {
    const made = bodyCase(rng);
    detail = made.detail;
    body = made.body;
    delete headers['content-type'];
    delete headers.accept;
    Object.assign(headers, made.headers);
  } else {
    const [what, payload] =
      kind === 'arguments'
        ? argumentsCase(rng, context, token)
        : kind === 'tool-name'
          ? toolNameCase(rng, context, token)
          : kind === 'envelope'
            ? envelopeCase(rng, token)
            : batchCase(rng, context, token);
    detail = what;
    body = Buffer.from(JSON.stringify(payload));
    messages = Array.isArray(payload) ? payload : [payload];
  }
  const refusedWith =
    caller === 'lapsedKey'
      ? 403
      : ['revokedKey', 'madeUpKey', 'notBearer'].includes(caller)
        ? 401
        : undefined;
  return {
    index,
    kind,
    detail,
    caller,
    token,
    request: { method: 'POST', path: MCP_PATH, headers, body },
    messages,
    ...(refusedWith ? { refusedWith } : {}),
  };
}
