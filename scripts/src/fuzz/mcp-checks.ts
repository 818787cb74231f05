import { PAID_MCP_ARGUMENTS, PAID_MCP_TOOLS } from '@agentry/domain/paid-boundary';
import { UNEXPECTED_ERROR } from '@agentry/server/mcp/tools/tool';
import { leakNeedles, STACK_LINE } from './checks';
import type { RawResponse } from './client';
import type { McpCase } from './mcp-cases';
import { activeMarkup } from './payloads';

// What every answer of POST /mcp must be, whatever it was sent: never a 5xx, nor a JSON-RPC
// "internal error" (-32603, the protocol's 500); every refusal JSON with a message for people; no
// error or tool error that shows the server's insides (stack traces, file paths, a validation
// library's raw issues, a JavaScript error's name, the generic "could not answer" of a tool that
// threw); no markup of the request back as it came; a refused key refused whatever the body; a
// visitor never answered the employer plan's tools or arguments; every request of an accepted
// batch answered.

/** What a raw error or a validation library's dump looks like (none of it is meant for people). */
const INSIDES = [
  /"code":\s*"invalid_type"/,
  /"expected":\s*"/,
  /ZodError/,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError):/,
  /Cannot read propert/,
  /is not a function/,
  /SQLITE_/,
  /Mongo(Server)?Error/,
];

const PAID_TOOLS = new Set<string>(PAID_MCP_TOOLS);

interface RpcAnswer {
  id?: unknown;
  error?: { code?: unknown; message?: unknown };
  result?: { isError?: boolean; content?: Array<{ type?: string; text?: string }>; tools?: unknown };
}

const asObject = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

function leaks(text: string, sent: string, dataDir: string): string[] {
  const found: string[] = [];
  if (STACK_LINE.test(text) && !STACK_LINE.test(sent)) found.push('a stack trace');
  for (const needle of leakNeedles(dataDir))
    if (text.includes(needle) && !sent.includes(needle)) found.push(`"${needle}"`);
  for (const pattern of INSIDES) if (pattern.test(text) && !pattern.test(sent)) found.push(String(pattern));
  return found;
}

/** The paid tool or argument a visitor's message asks for, or null. */
function paidPartAsked(message: unknown): string | null {
  const params = asObject(asObject(message)?.params);
  if (asObject(message)?.method !== 'tools/call' || !params) return null;
  if (typeof params.name !== 'string') return null;
  if (PAID_TOOLS.has(params.name)) return `the tool ${params.name}`;
  const args = asObject(params.arguments);
  const paid = PAID_MCP_ARGUMENTS[params.name]?.find((name) => args && name in args);
  return paid ? `the argument ${paid}` : null;
}

export function judgeMcp(fuzzCase: McpCase, response: RawResponse, dataDir: string): string[] {
  const problems: string[] = [];
  const { status, text } = response;
  const sent = fuzzCase.request.body?.toString('utf8') ?? '';
  if (status >= 500) problems.push(`answered ${status}`);
  for (const markup of activeMarkup(fuzzCase.token))
    if (text.includes(markup)) problems.push(`reflects ${markup} unescaped`);

  if (fuzzCase.refusedWith && status !== fuzzCase.refusedWith) {
    problems.push(
      `answered ${status} to ${fuzzCase.caller}: it must be refused with ${fuzzCase.refusedWith}`,
    );
  }
  if (fuzzCase.refusedWith === 401 && status === 401 && !response.headers['www-authenticate'])
    problems.push('a 401 without WWW-Authenticate');

  if (status >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    const body = asObject(response.json);
    const error = body?.error;
    const rpc = asObject(error);
    const message = typeof error === 'string' ? error : rpc?.message;
    if (!type.startsWith('application/json'))
      problems.push(`a ${status} that is not JSON (${type || 'no type'})`);
    else if (typeof message !== 'string' || message.trim().length < 10)
      problems.push(`a ${status} without an error message for people`);
    else if (rpc && typeof rpc.code !== 'number')
      problems.push(`a ${status} whose JSON-RPC error has no code`);
  }

  const answers: RpcAnswer[] =
    status === 200 ? ((Array.isArray(response.json) ? response.json : [response.json]) as RpcAnswer[]) : [];
  if (status === 200 && !asObject(answers[0])) problems.push('a 200 that is not a JSON-RPC answer');
  for (const answer of answers) {
    if (answer?.error) {
      const { code, message } = answer.error;
      if (code === -32603)
        problems.push(`a JSON-RPC internal error (-32603): ${String(message).slice(0, 120)}`);
      if (typeof code !== 'number' || typeof message !== 'string' || message.trim().length < 5)
        problems.push('a JSON-RPC error without a code and a message');
      for (const leak of leaks(String(message), sent, dataDir)) problems.push(`an error shows ${leak}`);
    }
    if (answer?.result?.isError) {
      const said = (answer.result.content ?? []).map((part) => part.text ?? '').join('\n');
      if (said.includes(UNEXPECTED_ERROR))
        problems.push('a tool failed inside (its generic "could not answer")');
      for (const leak of leaks(said, sent, dataDir)) problems.push(`a tool error shows ${leak}`);
    }
  }

  // The employer plan's parts for visitors: listed, or answered as if paid for.
  if (status === 200 && fuzzCase.caller !== 'keyHolder') {
    const byId = new Map(answers.map((answer) => [JSON.stringify(answer?.id), answer]));
    for (const message of fuzzCase.messages ?? []) {
      const paid = paidPartAsked(message);
      const answer = byId.get(JSON.stringify(asObject(message)?.id));
      if (paid && answer?.result && !answer.result.isError)
        problems.push(`answered ${paid} to a caller without an employer API key`);
      if (asObject(message)?.method === 'tools/list' && answer?.result) {
        const listed = JSON.stringify(answer.result.tools ?? []);
        for (const name of [...PAID_TOOLS, ...Object.values(PAID_MCP_ARGUMENTS).flat()])
          if (listed.includes(`"${name}"`))
            problems.push(`listed ${name} to a caller without an employer API key`);
      }
    }
  }

  // Every request of an accepted batch is answered (notifications are not).
  if (status === 200 && Array.isArray(fuzzCase.messages) && fuzzCase.messages.length > 1) {
    const asked = new Set(
      fuzzCase.messages
        .map(asObject)
        .filter((message) => message && typeof message.method === 'string' && message.id !== undefined)
        .map((message) => JSON.stringify(message!.id)),
    );
    const answered = new Set(answers.map((answer) => JSON.stringify(answer?.id)));
    const missing = [...asked].filter((id) => !answered.has(id));
    if (missing.length > 0)
      problems.push(`left ${missing.length} of ${asked.size} requests of the batch unanswered`);
  }
  return problems;
}
