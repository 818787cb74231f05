import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout; one logger per process, children per component. `destination`
 * replaces stdout (tests read what would be logged).
 */
export function createLogger(level: string, name: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', '*.password'],
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
