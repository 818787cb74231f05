import http from 'node:http';

// One person using the product: their own client address (sent as X-Forwarded-For, which the API
// reads when TRUST_PROXY is set, as behind a production proxy), their own cookies, and the CSRF
// token fetched the way the client fetches it (GET /api/csrf-token before each state change).

export const TIMEOUT_MS = 30_000;

export interface Answer {
  status: number;
  /** 'timeout' or 'network' when no answer came. */
  failure: 'timeout' | 'network' | null;
  headers: http.IncomingHttpHeaders;
  /** The body parsed as JSON when asked for and possible, else null. */
  json: unknown;
  /** Milliseconds from sending to the end of the answer. */
  ms: number;
}

/** A small cookie jar: the name=value of each Set-Cookie kept, attributes ignored (one site, one path). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const pair = line.split(';', 1)[0]!;
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      // A cleared cookie (logout) comes back empty or already expired.
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clear(): void {
    this.cookies.clear();
  }
}

/** The n-th address of a /16 block, so every virtual user has its own client address. */
export function addressOf(block: number, n: number): string {
  return `10.${block}.${(n >> 8) & 255}.${n & 255}`;
}

export class VirtualUser {
  readonly jar = new CookieJar();
  /** Serialises this person's actions: a dashboard read waits for the sign-in before it. */
  queue: Promise<void> = Promise.resolve();
  /** When this person's last action ended (performance.now()): they click again from then on. */
  idleSince = 0;

  constructor(
    private readonly base: URL,
    private readonly agent: http.Agent,
    readonly address: string,
  ) {}

  send(
    method: string,
    path: string,
    options: { body?: unknown; csrf?: string; wantJson?: boolean } = {},
  ): Promise<Answer> {
    const started = performance.now();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json', 'x-forwarded-for': this.address };
    const cookie = this.jar.header();
    if (cookie) headers.cookie = cookie;
    if (options.csrf) headers['x-csrf-token'] = options.csrf;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve) => {
      const done = (answer: Omit<Answer, 'ms'>) => resolve({ ...answer, ms: performance.now() - started });
      const request = http.request(
        {
          agent: this.agent,
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers,
          timeout: TIMEOUT_MS,
        },
        (response) => {
          this.jar.take(response.headers['set-cookie']);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            // Bodies are read to their end either way; kept only when they will be parsed.
            if (options.wantJson || (response.statusCode ?? 0) >= 400) chunks.push(chunk);
          });
          response.on('end', () => {
            let json: unknown = null;
            if (chunks.length) {
              try {
                json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                json = null;
              }
            }
            done({ status: response.statusCode ?? 0, failure: null, headers: response.headers, json });
          });
          response.on('error', () => done({ status: 0, failure: 'network', headers: {}, json: null }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error) =>
        done({
          status: 0,
          failure: error.message === 'timeout' ? 'timeout' : 'network',
          headers: {},
          json: null,
        }),
      );
      request.end(payload);
    });
  }

  /** GET /api/csrf-token, as the client's sendWithCsrf does before every state change. */
  async csrfToken(): Promise<{ token: string | null; answer: Answer }> {
    const answer = await this.send('GET', '/api/csrf-token', { wantJson: true });
    const token = (answer.json as { csrf_token?: string } | null)?.csrf_token ?? null;
    return { token, answer };
  }
}

export const isSuccess = (answer: Answer) =>
  answer.failure === null && answer.status >= 200 && answer.status < 400;
