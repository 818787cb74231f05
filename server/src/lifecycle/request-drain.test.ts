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

async function startServer(): Promise<Started> {
  const waiting: http.ServerResponse[] = [];
  let received = 0;
  const server = http.createServer((_req, res) => {
    received++;
    waiting.push(res);
  });
  server.keepAliveTimeout = 5_000;
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

    const began = Date.now();
    const drained = drain.drain(5_000);
    setTimeout(() => started.answerAll(), 50);
    expect(await answer).toEqual({ status: 200, connection: 'close', body: 'done' });
    expect(await drained).toEqual({ cut: 0 });
    // Not held until keepAliveTimeout.
    expect(Date.now() - began).toBeLessThan(1_000);
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
