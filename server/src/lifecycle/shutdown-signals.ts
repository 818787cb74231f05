import type { EventEmitter } from 'node:events';
import type { Logger } from '@agentry/platform/log/logger';

// SIGTERM (docker stop, Kubernetes, `npm start` passing on Ctrl+C) or SIGINT asks for a graceful
// shutdown; asking again forces it. A repeat within REPEAT_WINDOW_MS is the same request arriving
// twice, not a second one: a terminal's Ctrl+C reaches every process of its group while the parent
// (the cluster supervisor, tsx watch) passes it on as well.

export const REPEAT_WINDOW_MS = 1000;
const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

export interface ShutdownSignalHandlers {
  /** The first signal: finish what runs, then exit. */
  graceful(signal: NodeJS.Signals): void;
  /** A signal after the first: exit now. */
  force(signal: NodeJS.Signals): void;
}

export interface ShutdownSignalOptions {
  /** Where the signals come from (the process; an emitter in tests). */
  source?: EventEmitter;
  now?: () => number;
}

/** Listens for SIGTERM and SIGINT; returns a function that stops listening. */
export function onShutdownSignals(
  logger: Logger,
  handlers: ShutdownSignalHandlers,
  { source = process, now = Date.now }: ShutdownSignalOptions = {},
): () => void {
  let firstAt: number | null = null;
  const listener = (signal: NodeJS.Signals) => {
    if (firstAt === null) {
      firstAt = now();
      logger.info({ signal }, 'shutdown: signal received');
      handlers.graceful(signal);
    } else if (now() - firstAt < REPEAT_WINDOW_MS) {
      logger.debug({ signal }, 'shutdown: same signal relayed again; ignored');
    } else {
      logger.warn({ signal }, 'shutdown: signal received again; forcing exit');
      handlers.force(signal);
    }
  };
  for (const signal of SIGNALS) source.on(signal, listener);
  return () => {
    for (const signal of SIGNALS) source.off(signal, listener);
  };
}
