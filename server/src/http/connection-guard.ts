import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddressKey } from './client-address';

// What one client may hold of the server's connections (session 14's attack). Node closes a
// connection whose request headers come too slowly (headersTimeout) and one idle between requests
// (keepAliveTimeout), but not one that never sends a byte: one anonymous client opened 19,800 such
// connections and kept them as long as it liked, each a file descriptor of the process's 20,000,
// and another client's connection then waited seconds to be accepted. So:
// - a connection must start its first request within `firstRequestMs`, or it is closed;
// - one client (its address; an IPv6 client by its /56 block) holds at most `perClient`
//   connections at once: one more is closed as it is accepted, before any byte is read. A browser
//   opens six to a site, an office behind one address some hundreds at most. Behind a proxy
//   (TRUST_PROXY) every connection comes from the proxy, which bounds its clients itself: no cap.

export interface ConnectionGuardOptions {
  /** How long a new connection may stay silent before its first request begins, in ms. */
  firstRequestMs: number;
  /** Connections one client address may hold at once; 0: no bound. */
  perClient: number;
}

export interface ConnectionGuard {
  /** Connections open now from the client at this address. */
  openFrom(address: string): number;
  /** Connections closed as they were accepted, past a client's bound, since the start. */
  readonly refused: number;
}

const STARTED = Symbol('first request started');

export function guardConnections(server: Server, options: ConnectionGuardOptions): ConnectionGuard {
  const open = new Map<string, number>();
  let refused = 0;
  server.on('connection', (socket: Socket & { [STARTED]?: boolean }) => {
    if (options.perClient > 0) {
      const client = clientAddressKey(socket.remoteAddress);
      const count = (open.get(client) ?? 0) + 1;
      if (count > options.perClient) {
        refused++;
        socket.destroy();
        return;
      }
      open.set(client, count);
      socket.once('close', () => {
        const left = (open.get(client) ?? 1) - 1;
        if (left > 0) open.set(client, left);
        else open.delete(client);
      });
    }
    // Node's own timeout handler closes a socket with no request under way when it fires.
    socket.setTimeout(options.firstRequestMs);
  });
  // Once a request begins, Node's timeouts govern the connection (requestTimeout, then
  // keepAliveTimeout between requests): ours must not cut a slow answer.
  server.on('request', (req) => {
    const socket = req.socket as Socket & { [STARTED]?: boolean };
    if (socket[STARTED]) return;
    socket[STARTED] = true;
    socket.setTimeout(0);
  });
  return {
    openFrom: (address) => open.get(clientAddressKey(address)) ?? 0,
    get refused() {
      return refused;
    },
  };
}
