import type { Server, ServerResponse } from 'node:http';

// The HTTP half of a graceful shutdown. Node's server.close() stops accepting connections and
// closes the idle ones, but a keep-alive connection busy with a request stays open after its
// response until keepAliveTimeout, waiting for a next request that must not come. So once the drain
// begins every response says `Connection: close` where its headers are not sent yet, and each
// connection is closed as soon as its response ends.

export interface DrainResult {
  /** Requests still running at the deadline, whose connections were then closed. */
  cut: number;
}

export interface RequestDrain {
  /** Requests whose response has not ended. */
  inFlight(): number;
  /** From now on no connection is kept alive; the server still accepts new ones. */
  begin(): void;
  /** Stops accepting connections and resolves when every request has ended, or at the deadline. */
  drain(deadlineMs: number): Promise<DrainResult>;
}

export function trackRequests(server: Server): RequestDrain {
  const active = new Set<ServerResponse>();
  let draining = false;
  const closeWhenDone = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  // Before the app's own listener, so no response has started yet.
  server.prependListener('request', (_req, res: ServerResponse) => {
    active.add(res);
    if (draining) closeWhenDone(res);
    res.once('close', () => {
      active.delete(res);
      // Its connection is idle now (or about to be): close it instead of keeping it alive.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  const begin = () => {
    if (draining) return;
    draining = true;
    for (const res of active) closeWhenDone(res);
    server.closeIdleConnections();
  };

  return {
    inFlight: () => active.size,
    begin,
    drain(deadlineMs) {
      begin();
      return new Promise((resolve) => {
        const deadline = setTimeout(() => {
          const cut = active.size;
          server.closeAllConnections();
          resolve({ cut });
        }, deadlineMs);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve({ cut: 0 });
        });
        server.closeIdleConnections();
      });
    },
  };
}
