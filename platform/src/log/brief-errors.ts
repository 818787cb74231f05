import pino, { type Logger } from 'pino';

// Warnings log an error's type, message and code, not its stack; errors (level 50 and up) keep the
// whole stack. Why: the API runs with --enable-source-maps so that a real error's stack names the
// .ts lines, and reading any error's `stack` for the first time in a process makes Node decode the
// bundle's whole source map on the thread that answers requests (dist/api.js.map: 0.3–0.6 s at
// 100,000 agents under load, issue 24). The warnings we log are expected conditions (a store that
// did not answer within its deadline, a site that did not answer the link checker), whose place in
// the code is said by their message and whose stack names only a timer or a socket callback; under
// load they came first, so each worker's first timed-out rate-limit call stalled it for that long.
// A real error (a 500, a failed payment call, a crash) is logged at error level and still carries
// its source-mapped stack: that one pays the decode, once per process.

/** pino's level number of `error`: at and above it an error's stack is logged. */
const ERROR_LEVEL = 50;

/** An error as a warning logs it: what and why, without the stack. */
export interface BriefError {
  type: string;
  message: string;
  code?: string | number;
  /** The message of the error's cause, and its cause's, joined (as pino joins them). */
  cause?: string;
}

const isError = (value: unknown): value is Error => value instanceof Error;

/** The brief forms made here, which the logger's `err` serializer passes through as they are. */
const briefs = new WeakSet<object>();

/**
 * The error without touching its `stack` (reading it is what formats it): its constructor's name,
 * message, `code` when it has one, and its causes' messages.
 */
export function briefError(error: Error): BriefError {
  const brief: BriefError = { type: error.constructor?.name || error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') brief.code = code;
  const causes: string[] = [];
  const seen = new Set<unknown>([error]);
  for (let cause = error.cause; isError(cause) && !seen.has(cause); cause = cause.cause) {
    seen.add(cause);
    causes.push(cause.message);
  }
  if (causes.length > 0) brief.cause = causes.join(': ');
  briefs.add(brief);
  return brief;
}

/** The logger's `err` serializer: a brief form as it is, anything else as pino serializes errors. */
export function serializeError(value: unknown): unknown {
  return value !== null && typeof value === 'object' && briefs.has(value)
    ? value
    : pino.stdSerializers.err(value as Error);
}

/**
 * pino's logMethod hook: below error level, an Error logged as the first argument or as its `err`
 * field is replaced by its brief form before pino's serializer (which reads `stack`) sees it.
 */
export function briefErrorsBelowErrorLevel(
  this: Logger,
  args: unknown[],
  method: (...args: unknown[]) => void,
  level: number,
): void {
  if (level < ERROR_LEVEL) {
    const [first] = args;
    if (isError(first)) {
      // pino takes a lone error's message as the line's message: kept so.
      if (args.length === 1) args.push(first.message);
      args[0] = { err: briefError(first) };
    } else if (first !== null && typeof first === 'object' && isError((first as { err?: unknown }).err)) {
      args[0] = { ...first, err: briefError((first as { err: Error }).err) };
    }
  }
  method.apply(this, args);
}
