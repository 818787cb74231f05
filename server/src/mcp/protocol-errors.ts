import type { Logger } from '@agentry/platform/log/logger';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

// The SDK checks a request's params against the protocol's schemas (zod) inside its request
// handlers, and answers a failure as an internal error (-32603) whose message is zod's raw list of
// issues as JSON: `tools/call` with a name that is not text, `initialize` without its fields. The
// fuzzer's pass over /mcp found it (scripts/src/fuzz/mcp-checks.ts): the server's insides shown, and
// "internal error" for what is the caller's mistake. Here, between the server and the transport,
// such an answer becomes -32602 "Invalid params" naming each field and what was wrong; any other
// internal error goes out as "Internal error" only, its message logged.

const INTERNAL_ERROR = -32603;
const INVALID_PARAMS = -32602;

interface Issue {
  path: Array<string | number>;
  message: string;
}

/** zod's issues, when `message` is their JSON dump; null otherwise. */
function issuesIn(message: string): Issue[] | null {
  if (!message.trimStart().startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(message);
    if (!Array.isArray(parsed) || parsed.length === 0) return null;
    const issues = parsed.filter(
      (issue): issue is Issue =>
        typeof issue === 'object' &&
        issue !== null &&
        Array.isArray((issue as Issue).path) &&
        typeof (issue as Issue).message === 'string',
    );
    return issues.length === parsed.length ? issues : null;
  } catch {
    return null;
  }
}

/** What the caller reads instead of an internal error's message. */
export function saidPlainly(message: string): { code: number; message: string } {
  const issues = issuesIn(message);
  if (!issues) return { code: INTERNAL_ERROR, message: 'Internal error' };
  const fields = issues
    .slice(0, 5)
    .map(({ path, message: what }) => `${path.length > 0 ? path.join('.') : 'the message'}: ${what}`);
  return { code: INVALID_PARAMS, message: `Invalid params: ${fields.join('; ')}` };
}

/** Call after the server is connected to the transport (the server sends through transport.send). */
export function answerProtocolErrorsPlainly(transport: Transport, logger: Logger): void {
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options) => {
    if (!isJSONRPCErrorResponse(message) || message.error.code !== INTERNAL_ERROR)
      return send(message, options);
    const plain = saidPlainly(message.error.message);
    if (plain.code === INTERNAL_ERROR)
      logger.error({ mcpError: message.error.message.slice(0, 500) }, 'MCP request failed inside the SDK');
    return send({ ...message, error: { ...message.error, ...plain } }, options);
  };
}
