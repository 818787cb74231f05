import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// Websites for tests and benchmarks, all on one HTTP server on 127.0.0.1, told apart by the Host
// header (each name resolves to 127.0.0.1 through the local DNS server): each site answers, redirects,
// hangs or errors as the test says, serves the files it is given (a robots.txt, a domain proof), and
// every request is recorded with its time so a test can check per-host politeness.

export interface SiteSpec {
  /** Status of every page but the files (200 by default). */
  status?: number;
  /** Body of the pages (a little HTML by default). */
  body?: string;
  /** Answer every page with a 302 to this URL. */
  redirectTo?: string;
  /** Never answer (the request times out on the caller's side). */
  hang?: boolean;
  /** Paths answered with their own content, 200 (e.g. /robots.txt, /.well-known/agentry-verification.txt). */
  files?: Record<string, string>;
  /** Paths answered 200 with these bytes and this Content-Type (icons, issue 25). */
  assets?: Record<string, { type: string; body: Buffer }>;
}

export interface SiteRequest {
  host: string;
  path: string;
  at: number;
}

export interface LocalSites {
  port: number;
  /** "http://host:port" of a site. */
  origin(host: string): string;
  set(host: string, spec: SiteSpec): void;
  requests: SiteRequest[];
  close(): Promise<void>;
}

export async function startLocalSites(options: { record?: boolean } = {}): Promise<LocalSites> {
  const sites = new Map<string, SiteSpec>();
  const requests: SiteRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const host = String(req.headers.host ?? '')
      .replace(/:\d+$/, '')
      .toLowerCase();
    const path = req.url ?? '/';
    if (options.record !== false) requests.push({ host, path, at: Date.now() });
    const spec = sites.get(host);
    if (!spec) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such site');
      return;
    }
    const asset = spec.assets?.[path.split('?')[0]!];
    if (asset) {
      res.writeHead(200, { 'Content-Type': asset.type }).end(asset.body);
      return;
    }
    const file = spec.files?.[path.split('?')[0]!];
    if (file !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(file);
      return;
    }
    if (path === '/robots.txt') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('none');
      return;
    }
    if (spec.hang) return; // never answered
    if (spec.redirectTo) {
      res.writeHead(302, { Location: spec.redirectTo }).end();
      return;
    }
    res
      .writeHead(spec.status ?? 200, { 'Content-Type': 'text/html' })
      .end(spec.body ?? `<!doctype html><title>${host}</title><p>Welcome to ${host}</p>`);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: (host) => `http://${host}:${port}`,
    set: (host, spec) => sites.set(host.toLowerCase(), spec),
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (a connection there is refused). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
