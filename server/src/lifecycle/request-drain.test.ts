import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackRequests } from './request-drain';

// The drain on a bare Node server: each request answers when the test says so.

interface Started {
  server: http.Server;
  port: number;
  /** Answers the requests received so far. */
  answerAll(): void;
  received(): number;
}

const KEEP_ALIVE_MS = 10 * 60_000;

async function startServer(): Promise<Started> {
  const waiting: http.ServerResponse[] = [];
  let received = 0;
  const server = http.createServer((_req, res) => {
    received++;
    waiting.push(res);
  });
  // Far beyond the test's own timeout: a drain that waited for it could not pass.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    answerAll: () => {
      for (const res of waiting.splice(0)) res.end('done');
    },
    received: () => received,
  };
}

function get(port: number, agent: http.Agent) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('trackRequests', () => {
  let started: Started;
  const agent = new http.Agent({ keepAlive: true });
  beforeEach(async () => {
    started = await startServer();
  });
  afterEach(() => {
    started.server.closeAllConnections();
    started.server.close();
  });
  afterAll(() => agent.destroy());

  it('lets a request in flight finish, closes its keep-alive connection, then resolves', async () => {
    const drain = trackRequests(started.server);
    const answer = get(started.port, agent);
    await until(() => started.received() === 1);
    expect(drain.inFlight()).toBe(1);

    // Neither the deadline nor keepAliveTimeout can pass within the test's timeout: resolving at
    // all means the drain ended when the request did, not when one of them ran out.
    const drained = drain.drain(KEEP_ALIVE_MS);
    setTimeout(() => started.answerAll(), 50);
    expect(await answer).toEqual({ status: 200, connection: 'close', body: 'done' });
    expect(await drained).toEqual({ cut: 0 });
    expect(drain.inFlight()).toBe(0);
  });

  it('cuts what still runs at the deadline and says how many', async () => {
    const drain = trackRequests(started.server);
    const answer = get(started.port, agent).catch((error: NodeJS.ErrnoException) => error.code);
    await until(() => started.received() === 1);
    expect(await drain.drain(50)).toEqual({ cut: 1 });
    expect(await answer).toBe('ECONNRESET');
  });
});
