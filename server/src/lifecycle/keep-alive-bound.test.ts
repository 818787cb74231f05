import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { type RunningServer, startServer } from '../start';

// A connection carries at most KEEPALIVE_MAX_REQUESTS requests: the last one's answer says
// `Connection: close`, so the client opens a new connection for the next, which the supervisor of
// several workers deals afresh (issue 24: a client keeping its connections open stayed with
// whichever worker took them first). No clock involved: counted in requests.

describe('a bound on the requests of one connection', () => {
  let dataDir: string;
  let api: RunningServer | null = null;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-keep-alive-'));
  });
  afterEach(async () => {
    await api?.close();
    api = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** GET /livez on the agent's connection: the answer's Connection header. */
  function get(agent: http.Agent, port: number): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/livez', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers.connection));
        })
        .on('error', reject);
    });
  }

  it('When a connection has carried its bound, then its last answer closes it and the next request comes on a new one', async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      KEEPALIVE_MAX_REQUESTS: '3',
    });
    const logger = createLogger('fatal', 'test', { write: () => undefined });
    api = await startServer(config, { logger, clientDist: null, engine: null });
    const { port } = api.server.address() as AddressInfo;
    let connections = 0;
    api.server.on('connection', () => connections++);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await get(agent, port));
      expect(answers).toEqual(['keep-alive', 'keep-alive', 'close', 'keep-alive']);
      expect(connections).toBe(2);
    } finally {
      agent.destroy();
    }
  });

  it('When nothing is configured, then a connection carries 100 requests', () => {
    expect(loadConfig({}).KEEPALIVE_MAX_REQUESTS).toBe(100);
    expect(loadConfig({ KEEPALIVE_MAX_REQUESTS: '0' }).KEEPALIVE_MAX_REQUESTS).toBe(0);
  });
});
