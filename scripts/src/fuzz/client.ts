import http from 'node:http';

// A raw HTTP client: the path goes out exactly as written ("../" and bad percent-escapes too,
// which fetch would normalise or refuse), the body as bytes, and each caller keeps its cookies.

export interface RawRequest {
  method: string;
  /** Path and query string, sent as they are. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export const REQUEST_TIMEOUT_MS = 30_000;

export function send(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: {
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
          ...request.headers,
        },
        timeout: REQUEST_TIMEOUT_MS,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body, text, json });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** One browser's cookies (every cookie goes with every request: a hostile client ignores paths). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: RawResponse): void {
    const setCookie = response.headers['set-cookie'] ?? [];
    for (const line of setCookie) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        return (
          (lower === 'expires' && Date.parse(raw) <= Date.now()) || (lower === 'max-age' && Number(raw) <= 0)
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  clear(): void {
    this.cookies.clear();
  }
}
