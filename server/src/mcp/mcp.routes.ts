import { MCP_PATH } from '@agentry/domain/mcp';
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from 'express';
import { INVALID_TOKEN_CHALLENGE } from '../auth/authenticate-api-key';
import type { AppContext } from '../context';
import { identifyApiKey } from '../http/api-key-auth';
import { HttpError } from '../http/errors';
import type { RequestCosts } from '../http/request-costs';
import { StoreVersionCache } from '../http/store-version-cache';
import { batchRefusal, messagesIn } from './batch-units';
import { type McpCaller, mcpCallerOf } from './caller';
import { MCP_TOOL_NAMES } from './tools/all-tools';
import type { ToolDeps } from './tools/tool';
import { toolCallsIn } from './usage/tool-calls';

// POST /mcp: the MCP server over Streamable HTTP, stateless (the SDK's pattern for Express: a new
// server and transport per request, no session to keep), answering plain JSON rather than an event
// stream since no tool sends progress. Mounted outside /api: MCP clients have no cookie and no
// CSRF token, and need neither: every tool reads listings only, and what the employer plan adds
// (compare_agents, search_agents' price ceiling) is opened by an employer API key sent as
// `Authorization: Bearer`, never by a cookie (mcp/caller.ts). For the same reason any origin may
// call it (CORS), and DNS rebinding would gain an attacker nothing to read.

/** Tool arguments are a few short strings: a 64 kB body is already generous. */
export const MCP_BODY_LIMIT = '64kb';

/** Not a JSON-RPC message (or not JSON at all), as JSON-RPC says it. */
const PARSE_ERROR = -32700;
/** A JSON-RPC message (or batch) the server will not take. */
const INVALID_REQUEST = -32600;
/** What the SDK's stateless examples answer to GET and DELETE (no session, so no stream to open or end). */
const NOT_ALLOWED = -32000;
/** An API key refused (bad, revoked, or its employer's plan lapsed): in JSON-RPC's range for servers. */
const REFUSED = -32001;

/**
 * The MCP SDK and the server made with it, loaded at the first MCP request rather than when the API
 * starts: the SDK was the largest package a worker loaded before it could read its search index
 * (a fifth of its start's CPU; issue 24: every agent searchable after a restart). Once per process.
 */
let mcpModules: Promise<[typeof import('./mcp-server'), typeof import('./answer-request')]> | undefined;
const loadMcp = () => {
  mcpModules ??= Promise.all([import('./mcp-server'), import('./answer-request')]);
  return mcpModules;
};

const rpcError = (res: Response, status: number, code: number, message: string) =>
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });

const cors: RequestHandler = (_req, res, next) => {
  res.set({
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
  });
  next();
};

/** Body parser failures (too large, not JSON) answered as JSON-RPC errors, which MCP clients show. */
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.too.large') {
    return rpcError(res, 413, PARSE_ERROR, `The request body is larger than ${MCP_BODY_LIMIT}`);
  }
  if (type === 'entity.parse.failed')
    return rpcError(res, 400, PARSE_ERROR, 'The request body is not valid JSON');
  next(error);
};

export function mcpRoutes(
  context: AppContext,
  limits: { reads: RequestHandler },
  costs: RequestCosts,
): Router {
  const deps: Omit<ToolDeps, 'inTurn'> = {
    store: context.store,
    search: context.search,
    origin: context.config.publicUrl,
    analytics: context.analytics,
    groups: StoreVersionCache.ofGroups(context.store),
    logger: context.logger.child({ component: 'mcp' }),
    replyBadges: context.replyBadges,
  };
  const usage = context.mcpUsage;
  const router = Router();
  // all(), not use(): the rate limit reads the whole path to count MCP calls as reads. A valid
  // employer API key is found first, so that its calls are charged to the key, not the address.
  router.all(MCP_PATH, identifyApiKey(context), limits.reads, cors);

  router.options(MCP_PATH, (_req, res) => {
    res
      .set({
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers':
          'Content-Type, Accept, Authorization, Mcp-Protocol-Version, Mcp-Session-Id',
        'Access-Control-Max-Age': '86400',
      })
      .status(204)
      .end();
  });

  // Who calls, before the body is read: a bad key (401, with its challenge) or a lapsed employer's
  // key (403) is refused whatever the body holds, at the cost of the door's one read.
  const identifyCaller: RequestHandler = (req, res, next) => {
    try {
      res.locals.mcpCaller = mcpCallerOf(req);
      next();
    } catch (error) {
      if (!(error instanceof HttpError)) return next(error);
      if (error.status === 401) res.set('WWW-Authenticate', INVALID_TOKEN_CHALLENGE);
      rpcError(res, error.status, REFUSED, error.message);
    }
  };
  // A body the JSON parser did not take (another media type) is refused, never read unbounded; a
  // batch's messages are bounded (MCP_MAX_BATCH) and each is charged as a read (batch-units.ts).
  const boundBatch: RequestHandler = (req, res, next) => {
    if (req.body === undefined)
      return rpcError(res, 415, PARSE_ERROR, 'Send the JSON-RPC message as application/json');
    const refused = batchRefusal(req.body);
    if (refused) return rpcError(res, 400, INVALID_REQUEST, refused);
    next();
  };
  const takeBody: RequestHandler[] = [
    express.json({ limit: MCP_BODY_LIMIT }),
    boundBatch,
    costs.charge(messagesIn),
  ];

  router.post(MCP_PATH, identifyCaller, takeBody, async (req: Request, res: Response) => {
    const caller = res.locals.mcpCaller as McpCaller;
    if (usage) for (const tool of toolCallsIn(req.body, MCP_TOOL_NAMES)) usage.count(tool);
    const [{ createMcpServer }, { answerMcpRequest }] = await loadMcp();
    // Each tool call takes its turn on the event loop, fair between clients (http/fair-turns.ts).
    const server = createMcpServer({ ...deps, caller, inTurn: (work) => costs.inTurn(req, work) });
    await answerMcpRequest(server, req, res, { paid: caller.paid, logger: deps.logger });
  });

  router.all(MCP_PATH, (_req, res) => {
    res.set('Allow', 'POST, OPTIONS');
    rpcError(res, 405, NOT_ALLOWED, 'Method not allowed: this MCP server is stateless and takes POST only.');
  });
  router.use(MCP_PATH, bodyErrors);
  return router;
}
