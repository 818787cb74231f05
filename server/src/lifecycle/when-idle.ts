import type { EventEmitter } from 'node:events';

// Work a started worker does when nothing waits for it (issue 24: the page renderer, whose load
// holds the thread 100-180 ms, no longer loads before the port opens): the first poll period
// in which `ready()` holds, no request arrived and none is in flight.

/** How often the worker looks whether it is idle. */
export const IDLE_POLL_MS = 100;

export interface PendingWork {
  /** Never runs it (shutdown). */
  cancel(): void;
}

/**
 * Runs `work` once, at the first poll in which `ready()` holds and no request arrived on `server`
 * since the previous poll nor is in flight.
 */
export function whenIdle(
  server: EventEmitter,
  requests: { inFlight(): number },
  ready: () => boolean,
  work: () => void,
  pollMs = IDLE_POLL_MS,
): PendingWork {
  let arrived = 0;
  const count = () => {
    arrived++;
  };
  server.on('request', count);
  let arrivedBefore = -1;
  const cancel = () => {
    clearInterval(timer);
    server.off('request', count);
  };
  const timer = setInterval(() => {
    if (!ready()) return;
    const idle = arrived === arrivedBefore && requests.inFlight() === 0;
    arrivedBefore = arrived;
    if (!idle) return;
    cancel();
    work();
  }, pollMs);
  // Never what keeps a process alive.
  timer.unref();
  return { cancel };
}
