import { paidToolMessage } from '@agentry/domain/paid-boundary';
import type { Logger } from '@agentry/platform/log/logger';
import type { Store } from '@agentry/platform/store/port';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AgentEventCounter } from '../../analytics/agent-event-counter';
import type { ReplyBadges } from '../../commands/employer/reply-times';
import { HttpError } from '../../http/errors';
import type { StoreVersionCache } from '../../http/store-version-cache';
import type { SearchService } from '../../search-service/search-service';
import type { McpCaller } from '../caller';

// What every MCP tool is made of: a name, words an assistant can act on, zod schemas for what it
// takes and what it answers, and a function that answers with both structured content (checked by
// the SDK against the output schema) and a short text for clients that show only text.

/** What tools read, built once per process but for `inTurn` (the MCP server itself is built per request). */
export interface ToolDeps {
  store: Store;
  search: SearchService;
  /** The site's public origin (config.publicUrl): every URL in an answer is absolute. */
  origin: string;
  analytics: AgentEventCounter | undefined;
  /** Categories and roles with their counts, kept until the catalog changes (as the catalog API does). */
  groups: StoreVersionCache<Array<{ value: string; count: number }>>;
  logger: Logger;
  /** "Usually replies within a day" per provider, the process's one cache (AppContext.replyBadges). */
  replyBadges: Pick<ReplyBadges, 'of'>;
  /**
   * Runs one tool call on its client's next turn of the event loop (http/request-costs.ts), so the
   * calls of a batch interleave with other clients' requests. Bound to the request's client.
   */
  inTurn<T>(work: () => Promise<T>): Promise<T>;
}

/** What a tool reads for one request: the process's deps and who is calling (mcp/caller.ts). */
export interface RequestDeps extends ToolDeps {
  caller: McpCaller;
}

/** A refusal the assistant should read and act on (an unknown id, a category that does not exist). */
export class ToolError extends Error {
  override name = 'ToolError';
}

export interface ToolAnswer<Out> {
  structured: Out;
  text: string;
}

export interface McpTool {
  name: string;
  /** Listed and answered only for an employer API key (domain's PAID_MCP_TOOLS). */
  paid: boolean;
  /** Registers the tool as this caller sees it: without its paid arguments for a visitor. */
  register(server: McpServer, deps: RequestDeps): void;
}

/** Every tool only reads public data: clients may call them without asking the person first. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const UNEXPECTED_ERROR = 'The directory could not answer just now. Please try again in a moment.';

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

export function defineTool<
  In extends z.ZodRawShape,
  Out extends z.ZodRawShape,
  Paid extends z.ZodRawShape = Record<never, never>,
>(spec: {
  name: string;
  title: string;
  /** What the tool says of itself; `paid`: as a key holder sees it (with its paid arguments). */
  description: string | ((paid: boolean) => string);
  input: In;
  /** Arguments only an employer API key may send: left out of a visitor's schema, and named when sent. */
  paidInput?: Paid;
  output: Out;
  /** The whole tool is the employer plan's. */
  paid?: boolean;
  run: (
    args: z.infer<z.ZodObject<In>> & Partial<z.infer<z.ZodObject<Paid>>>,
    deps: RequestDeps,
  ) => Promise<ToolAnswer<z.infer<z.ZodObject<Out>>>>;
}): McpTool {
  const paidNames = Object.keys(spec.paidInput ?? {});
  return {
    name: spec.name,
    paid: spec.paid === true,
    register(server, deps) {
      const paid = deps.caller.paid;
      const config = {
        title: spec.title,
        description: typeof spec.description === 'string' ? spec.description : spec.description(paid),
        inputSchema: paid
          ? z.strictObject({ ...spec.input, ...spec.paidInput })
          : z.strictObject(spec.input, {
              // A visitor's assistant that sends a paid argument learns what it is, not just "unknown key".
              error: (issue) => {
                if (issue.code !== 'unrecognized_keys') return undefined;
                const asked = issue.keys.filter((key) => paidNames.includes(key));
                return asked.length > 0 ? paidToolMessage(`The argument ${asked.join(', ')}`) : undefined;
              },
            }),
        outputSchema: z.object(spec.output),
        annotations: { title: spec.title, ...READ_ONLY },
      };
      // What the schema above let through: a visitor's arguments never hold a paid one.
      type Args = z.infer<z.ZodObject<In>> & Partial<z.infer<z.ZodObject<Paid>>>;
      const handler = async (args: Args): Promise<CallToolResult> => {
        try {
          const { structured, text } = await deps.inTurn(() => spec.run(args, deps));
          return { structuredContent: structured, content: [{ type: 'text', text }] };
        } catch (error) {
          if (error instanceof ToolError) return errorResult(error.message);
          // The commands the tools share with the API refuse with messages written for people.
          if (error instanceof HttpError && error.status < 500) return errorResult(error.message);
          // Like the API's generic 500: the cause goes to the log, never to the client.
          deps.logger.error({ err: error, tool: spec.name }, 'MCP tool failed');
          return errorResult(UNEXPECTED_ERROR);
        }
      };
      // The SDK's generics cannot follow a schema passed through ours; the schemas above are the contract.
      server.registerTool(spec.name, config, handler as never);
    },
  };
}
