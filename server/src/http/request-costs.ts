import type { Request, RequestHandler } from 'express';
import { FairTurns } from './fair-turns';
import { clientKey, type RateLimits } from './rate-limits';

// What a request that carries several units of work (the searches of a multi-search, the messages
// of an MCP batch) pays, and how its work shares the event loop (issue 21, finding 1):
// - each unit costs one read of the client's budget (RATE_LIMIT_READS_PER_MINUTE): a POST of 20
//   searches costs 20, and is refused with 429 when the client's reads do not cover them all;
// - each unit starts on a turn of its own, taken fairly between clients (fair-turns.ts), so one
//   client's batches delay another client's request by about one unit, not by whole batches. The
//   single searches (GET /api/search, /search-by-role, /agents/:id/similar) take turns too: a
//   burst of them sent at once from one client would otherwise run back to back as they arrive.
// How many units a request may carry at most is each route's own bound (MCP_MAX_BATCH,
// MULTI_SEARCH_MAX_REQUESTS); together they bound the event-loop time one request can take.

export interface RequestCosts {
  /** Middleware after the body parser: charges `unitsOf(req)` reads in all (the door counted one). */
  charge(unitsOf: (req: Request) => number): RequestHandler;
  /** Runs one unit of the request's work on its client's next turn. */
  inTurn<T>(req: Request, work: () => Promise<T>): Promise<T>;
}

/**
 * The time a request's units waited for their turns, ms, summed (issue 24: whether a search's tail
 * is its queue or its own work; search answers say it in Server-Timing, `turn`).
 */
export function turnWaitOf(req: Request): number | undefined {
  const waited = req.res?.locals.turnWaitMs;
  return typeof waited === 'number' ? waited : undefined;
}

export function requestCosts(
  limits: Pick<RateLimits, 'chargeReads'>,
  turns = new FairTurns(),
  now: () => number = () => performance.now(),
): RequestCosts {
  return {
    charge: limits.chargeReads,
    inTurn: (req, work) => {
      const asked = now();
      return turns.run(clientKey(req), () => {
        if (req.res) req.res.locals.turnWaitMs = (turnWaitOf(req) ?? 0) + (now() - asked);
        return work();
      });
    },
  };
}
