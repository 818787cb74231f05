import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { startServer } from '../start';
import { guardConnections } from './connection-guard';

// Session 14's attack: a connection that never sent a byte was never closed, and one client could
// hold as many as the process had file descriptors (19,800 held; another client's connection then
// waited seconds to be accepted).

/** A raw connection to the port; resolves once connected, and tells when the server closes it. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, closed };
}

const isClosed = (closed: Promise<void>) =>
  Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
  ]);

describe('what one client may hold of the connections', () => {
  it('When a connection sends nothing, then it is closed; a slow answer to a request that began is not cut', async () => {
    const server = http.createServer((_req, res) => {
      setTimeout(() => res.end('late'), 600);
    });
    guardConnections(server, { firstRequestMs: 150, perClient: 0 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const silent = await connect(port);
      await silent.closed; // would never settle without the guard
      const answer = await fetch(`http://127.0.0.1:${port}/`);
      expect(await answer.text()).toBe('late');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('When one client opens more connections than its bound, then the one past it is closed at once and the API still answers on the others', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-connections-'));
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      MAX_CONNECTIONS_PER_CLIENT: '3',
    });
    const logger = createLogger('fatal', 'test', { write: () => undefined });
    const api = await startServer(config, { logger, clientDist: null, engine: null });
    const { port } = api.server.address() as AddressInfo;
    const held = [];
    try {
      for (let i = 0; i < 3; i++) held.push(await connect(port));
      const fourth = await connect(port);
      expect(await isClosed(fourth.closed)).toBe(true);
      expect(await Promise.all(held.map(({ closed }) => isClosed(closed)))).toEqual([false, false, false]);
      // One of the held connections carries a request as usual.
      const first = held[0]!;
      const answered = new Promise<string>((resolve) => {
        let text = '';
        first.socket.on('data', (chunk) => {
          text += chunk.toString();
          if (text.includes('"ok"')) resolve(text);
        });
      });
      first.socket.write('GET /livez HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(await answered).toMatch(/^HTTP\/1\.1 200/);
      // Closing one frees its place for the next.
      held.pop()!.socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await connect(port);
      expect(await isClosed(next.closed)).toBe(false);
      held.push(next);
    } finally {
      for (const { socket } of held) socket.destroy();
      await api.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('When nothing is configured, then a client holds 256 connections at most', () => {
    expect(loadConfig({}).MAX_CONNECTIONS_PER_CLIENT).toBe(256);
  });
});
