import request, { type Response, type Test } from 'supertest';
import { CSRF_HEADER } from '../http/csrf';

/**
 * A state change waiting for its CSRF token: set headers and expect() as on a supertest Test.
 * The Test travels boxed ({ test }): a Test is thenable, so a promise of one would send it.
 */
class PendingChange {
  private readonly headers: Array<[string, string]> = [];

  constructor(private readonly build: () => Promise<{ test: Test }>) {}

  set(name: string, value: string): this {
    this.headers.push([name, value]);
    return this;
  }

  private ready(): Promise<{ test: Test }> {
    return this.build().then(({ test }) => {
      for (const [name, value] of this.headers) test.set(name, value);
      return { test };
    });
  }

  expect(status: number, body?: unknown): Promise<Response> {
    return this.ready().then(({ test }) =>
      body === undefined ? test.expect(status) : test.expect(status, body),
    );
  }

  /** Sends it and resolves with the answer, whatever its status. */
  response(): Promise<Response> {
    return this.ready().then(({ test }) => test.then((response) => response));
  }
}

// A browser as the API sees it: one cookie jar (supertest's agent), and every state change sends
// the session's CSRF token read just before, as the client does.

type Method = 'post' | 'put' | 'delete';

export class Visitor {
  readonly http: ReturnType<typeof request.agent>;

  /** `csrfPath`: where this browser's screens read the CSRF token (the admin screen has its own). */
  constructor(
    url: string,
    private readonly csrfPath = '/api/csrf-token',
  ) {
    this.http = request.agent(url);
  }

  get(path: string) {
    return this.http.get(path);
  }

  async csrfToken(): Promise<string> {
    const response = await this.http.get(this.csrfPath).expect(200);
    return response.body.csrf_token as string;
  }

  send(method: Method, path: string, body?: object): PendingChange {
    return new PendingChange(async () => {
      const token = await this.csrfToken();
      const pending = this.http[method](path).set(CSRF_HEADER, token);
      return { test: body === undefined ? pending : pending.send(body) };
    });
  }

  post = (path: string, body?: object) => this.send('post', path, body);
  put = (path: string, body?: object) => this.send('put', path, body);
  delete = (path: string) => this.send('delete', path);

  /** The session cookie's value as the browser holds it now (to see it change at sign-in). */
  sessionCookie(url: string): string | undefined {
    const access = { domain: new URL(url).hostname, path: '/', script: false, secure: false };
    const cookie = this.http.jar.getCookie('agentry.sid', access);
    return cookie?.value;
  }
}

export const PASSWORD = 'correct horse battery staple';

export function agentForm(overrides: Record<string, string> = {}) {
  return {
    email: 'maker@example.com',
    name: 'InboxPilot',
    provider: 'Northwind Labs',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Answers customer emails in Spanish and English.',
    cost: '$29/month',
    address: 'inboxpilot.example',
    ...overrides,
  };
}

export function accountForm(overrides: Record<string, string> = {}) {
  return {
    email: 'maker@example.com',
    password: PASSWORD,
    full_name: 'Ada Lovelace',
    organization: 'Northwind Labs',
    phone: '',
    ...overrides,
  };
}

export const ADMIN_USERNAME = 'staff';
export const ADMIN_PASSWORD = 'staff password 2026';
/** Environment that makes the server create the first admin at start. */
export const ADMIN_ENV = { ADMIN_USERNAME, ADMIN_PASSWORD };
/**
 * ADMIN_ENV with the request limits out of reach: one test client does a day's staff work in seconds,
 * and limits that fit a person would refuse it.
 */
export const BUSY_ADMIN_ENV = {
  ...ADMIN_ENV,
  RATE_LIMIT_WRITES_PER_MINUTE: '10000',
  RATE_LIMIT_LOGINS_PER_15_MINUTES: '10000',
  RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES: '10000',
  SIGN_IN_ACCOUNT_FREE_ATTEMPTS: '10000',
  RATE_LIMIT_SIGNUPS_PER_HOUR: '10000',
};

/** A browser on the admin screen: its own CSRF token path; signIn() as the admin of ADMIN_ENV. */
export class AdminBrowser extends Visitor {
  constructor(url: string) {
    super(url, '/api/admin/csrf-token');
  }

  async signIn(username = ADMIN_USERNAME, password = ADMIN_PASSWORD): Promise<this> {
    await this.post('/api/admin/login', { username, password }).expect(200);
    return this;
  }

  /** POST /api/admin/upload: one file under `name`, with this browser's CSRF token; any answer. */
  async upload(bytes: Buffer, name = 'agents.xlsx') {
    const token = await this.csrfToken();
    return this.http.post('/api/admin/upload').set(CSRF_HEADER, token).attach('file', bytes, name);
  }

  /** GET /api/admin/download-agents, answered 200; its body is the workbook's bytes, read whole. */
  downloadAgents() {
    return this.http
      .get('/api/admin/download-agents')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
  }
}
