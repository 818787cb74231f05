import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

// An MCP client as an assistant's host runs it: the SDK's own Client over Streamable HTTP, against
// the running test server. The SDK checks every structured answer against the tool's declared
// output schema; tests check it again themselves (outputMatchesSchema).

/** `apiKey`: an employer API key, sent as the SDK sends any bearer token (Authorization: Bearer). */
export async function connectMcp(url: string, options: { apiKey?: string } = {}): Promise<Client> {
  const client = new Client({ name: 'agentry-tests', version: '1.0.0' });
  const headers = options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : undefined;
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a tool's answer (its first text part). */
export function textOf(result: CallToolResult): string {
  const part = result.content.find((item) => item.type === 'text');
  return part?.type === 'text' ? part.text : '';
}

const validator = new AjvJsonSchemaValidator();

/** Null when `structured` matches the tool's declared output schema, else what does not. */
export function outputSchemaProblem(tool: Tool, structured: unknown): string | null {
  if (!tool.outputSchema) return 'the tool declares no output schema';
  const result = validator.getValidator(tool.outputSchema as never)(structured);
  return result.valid ? null : result.errorMessage;
}
