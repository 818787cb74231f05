import type { Logger } from '@agentry/platform/log/logger';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Request, Response } from 'express';
import { answerPaidToolCallsWithoutKey } from './paid-tool-calls';
import { answerProtocolErrorsPlainly } from './protocol-errors';

// One POST /mcp answered by a server built for its caller, over the SDK's web-standard Streamable
// HTTP transport (stateless, plain JSON answers rather than an event stream: no tool sends
// progress). The transport hands its answer back instead of writing it, so it goes out as every
// API answer does: < > & escaped as \u003c \u003e \u0026 (the same JSON to a parser, as Express's
// `json escape` gives the API), so a tool's answer that quotes what a caller sent (an unknown id,
// a query) never carries markup back as it came. The Node transport wrote the SDK's own bytes.

/** The request headers the transport reads (the body it gets already parsed). */
const FORWARDED = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

function webRequestOf(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new globalThis.Request(new URL(req.originalUrl, 'http://mcp.invalid'), { method: 'POST', headers });
}

/** JSON text with < > & written as escapes: the same value to any JSON parser. */
export const escapeMarkup = (json: string) =>
  json.replace(/[<>&]/g, (character) => `\\u00${character.charCodeAt(0).toString(16)}`);

export async function answerMcpRequest(
  server: McpServer,
  req: Request,
  res: Response,
  options: { paid: boolean; logger: Logger },
): Promise<void> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  if (!options.paid) answerPaidToolCallsWithoutKey(transport);
  answerProtocolErrorsPlainly(transport, options.logger);
  const answer = await transport.handleRequest(webRequestOf(req), { parsedBody: req.body });
  res.status(answer.status);
  answer.headers.forEach((value, name) => {
    if (name !== 'content-length') res.setHeader(name, value);
  });
  const text = await answer.text();
  if (text === '') res.end();
  else res.send(escapeMarkup(text));
}
