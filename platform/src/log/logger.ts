import pino, { type Logger } from 'pino';
import { briefErrorsBelowErrorLevel, serializeError } from './brief-errors';

export type { Logger };

/**
 * Structured JSON logs on stdout; one logger per process, children per component. `destination`
 * replaces stdout (tests read what would be logged).
 *
 * Stdout is written asynchronously: a line goes out at once when nothing is being written, and
 * lines that come meanwhile go out together in the next write. Written synchronously, the request
 * log's one line per request was a write system call on the thread that answers requests: 6 % of
 * the API's time answering cached searches (issue 24's profile). Lines still waiting when the
 * process exits are flushed then (pino registers that for asynchronous destinations).
 *
 * Below error level an error is logged without its stack (brief-errors.ts: reading a stack decodes
 * the bundle's whole source map, a stall of 0.3–0.6 s the first time in a process).
 */
export function createLogger(level: string, name: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
    hooks: { logMethod: briefErrorsBelowErrorLevel },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', '*.password'],
    },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
