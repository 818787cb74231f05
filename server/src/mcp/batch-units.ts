import { MCP_MAX_BATCH } from '@agentry/domain/request-bounds';
import type { Request } from 'express';

// What a POST /mcp asks of the server: one JSON-RPC message, or a batch of them. Each message is a
// unit of work charged to the client's reads and run on a turn of its own; a batch holds at most
// MCP_MAX_BATCH. (The MCP SDK's own client never batches, and MCP's 2025-06-18 revision dropped
// batching; the SDK's server takes up to 100, which one client used to stall every worker.)

/** Messages in the body: the batch's length, or 1 for a single message (or anything else). */
export function messagesIn(req: Request): number {
  return Array.isArray(req.body) ? Math.max(1, req.body.length) : 1;
}

/** The refusal of a batch over MCP_MAX_BATCH, or of an empty one (JSON-RPC 2.0: invalid); null when it may run. */
export function batchRefusal(body: unknown): string | null {
  if (!Array.isArray(body)) return null;
  if (body.length === 0) return 'Invalid Request: an empty batch; send at least one JSON-RPC message';
  return body.length > MCP_MAX_BATCH
    ? `Invalid Request: a batch may hold at most ${MCP_MAX_BATCH} messages (this one has ${body.length}); send the others in further requests`
    : null;
}
