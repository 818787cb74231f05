import { PAID_MCP_TOOLS, paidToolMessage } from '@agentry/domain/paid-boundary';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

// A visitor's server has no paid tool (mcp-server.ts), so the SDK would answer a call of one with
// "Tool compare_agents not found". An assistant that read about the tool elsewhere (the site's
// page, /.well-known/mcp.json) should learn why instead: such a call is answered here, between the
// transport and the server, with a tool error that says how to get the tool. Nothing else is touched.

const PAID = new Set<string>(PAID_MCP_TOOLS);

function paidToolCalled(message: JSONRPCMessage): string | null {
  if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return null;
  const name = (message.params as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && PAID.has(name) ? name : null;
}

/** Call after the server is connected to the transport (connecting sets its onmessage). */
export function answerPaidToolCallsWithoutKey(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) throw new Error('connect the MCP server to the transport first');
  transport.onmessage = (message, extra) => {
    const tool = paidToolCalled(message);
    if (tool === null || !isJSONRPCRequest(message)) {
      deliver(message, extra);
      return;
    }
    void transport.send({
      jsonrpc: '2.0',
      id: message.id,
      result: { content: [{ type: 'text', text: paidToolMessage(`The tool ${tool}`) }], isError: true },
    });
  };
}
