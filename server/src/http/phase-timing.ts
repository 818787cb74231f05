import type { RequestHandler, Response } from 'express';

// Where a sign-in's or sign-up's server time went, in its answer's Server-Timing header: the
// middlewares before the route (session read, CSRF check), the per-client limits, the account
// throttle, the password check (user read, the hashing queue and the hash) or the account's
// creation part by part (address lookup, hashing queue, hash, user write, verification link, mail;
// commands/create-account.ts), and the new session. The load benchmark reads it to explain its
// slowest sign-ins and sign-ups (issue 21: their p99 was a whole-product tail; the header says
// whose). Durations only: an
// unknown address gets a decoy hash, so the password phase tells nothing the answer's time does not.

interface Phases {
  at: number;
  parts: string[];
}

/** When the request arrived (request-log.ts sets it first thing). */
export function markArrival(res: Response): void {
  res.locals.arrivedAt = performance.now();
}

/** Middleware: starts the phases; the time since the request arrived is the first, "before". */
export const startPhases: RequestHandler = (_req, res, next) => {
  const now = performance.now();
  const arrived = res.locals.arrivedAt as number | undefined;
  res.locals.phases = { at: now, parts: [] } satisfies Phases;
  if (arrived !== undefined) addPart(res, 'before', now - arrived);
  next();
};

/** Ends the phase that ran since the last one (or since startPhases); nothing without startPhases. */
export function endPhase(res: Response, name: string): void {
  const phases = res.locals.phases as Phases | undefined;
  if (!phases) return;
  const now = performance.now();
  addPart(res, name, now - phases.at);
  phases.at = now;
}

function addPart(res: Response, name: string, ms: number): void {
  const phases = res.locals.phases as Phases;
  phases.parts.push(`${name};dur=${ms.toFixed(1)}`);
  // Set at each phase, so an answer that ends early (a refusal) says how far it went.
  if (!res.headersSent) res.setHeader('Server-Timing', phases.parts.join(', '));
}
