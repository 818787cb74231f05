import { randomBytes } from 'node:crypto';
import request, { type Response } from 'supertest';
import { CSRF_HEADER } from '../http/csrf';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../testing/visitor';

// The kinds of caller the route table is walked as, and the request each route is probed with.

/** The password of every account of the walk: random, so that no text can hold it by chance. */
export const WALK_PASSWORD = `walk ${randomBytes(12).toString('hex')}`;

export const CALLERS = [
  'visitor',
  'provider',
  'otherProvider',
  'employer',
  'lapsedEmployer',
  'admin',
  // Programs with an employer API key (Authorization: Bearer) and no signed-in session: the active
  // employer's key, and the key the lapsed employer made while their plan was active.
  'employerKey',
  'lapsedKey',
] as const;
export type Caller = (typeof CALLERS)[number];
/** The callers with a user account (the admin has a staff session only). */
export type UserCaller = Exclude<Caller, 'visitor' | 'admin' | KeyCaller>;
/** The callers that send an employer API key. */
export type KeyCaller = 'employerKey' | 'lapsedKey';
export const isKeyCaller = (caller: Caller): caller is KeyCaller =>
  caller === 'employerKey' || caller === 'lapsedKey';

/** One request, as a route's probe describes it. */
export interface Probe {
  /** The path with its parameters filled in (and any query); the route's own path by default. */
  path?: string;
  /** Another method than the route's (for `*` routes, which take any). */
  method?: string;
  body?: object | string;
  contentType?: string;
  headers?: Record<string, string>;
  /** A multipart upload of one file in the field `file`. */
  file?: { bytes: Buffer; name: string };
}

/** The admin API has its own session, hence its own CSRF token. */
const csrfPathFor = (path: string) =>
  path.startsWith('/api/admin/') ? '/api/admin/csrf-token' : '/api/csrf-token';

/** A browser: one cookie jar; state changes send the CSRF token of the session they go to, read just before. */
export class Browser {
  readonly http: ReturnType<typeof request.agent>;
  private readonly tokens = new Map<string, string>();

  /** `headers`: sent with every request (a program's Authorization: Bearer with its API key). */
  constructor(
    readonly url: string,
    private readonly headers: Record<string, string> = {},
  ) {
    this.http = request.agent(url);
  }

  /** The session's token, read once: it lasts as long as the session (sign-in makes a new session). */
  async csrfToken(path: string): Promise<string> {
    const tokenPath = csrfPathFor(path);
    let token = this.tokens.get(tokenPath);
    if (!token) {
      token = (await this.http.get(tokenPath).expect(200)).body.csrf_token as string;
      this.tokens.set(tokenPath, token);
    }
    return token;
  }

  /** Forgets the tokens read: after a sign-in, the session and its token are new. */
  forgetTokens(): void {
    this.tokens.clear();
  }

  /** Sends the probe; `withToken: false` leaves the CSRF token out. Resolves whatever the status. */
  async send(
    method: string,
    probe: Required<Pick<Probe, 'path'>> & Probe,
    withToken: boolean,
  ): Promise<Response> {
    const verb = (probe.method ?? method).toLowerCase() as
      | 'get'
      | 'post'
      | 'put'
      | 'patch'
      | 'delete'
      | 'options';
    // The token first: the agent attaches its cookies when a request is made, and the token's
    // request may be the one that starts the session.
    const token =
      withToken && !['get', 'head', 'options'].includes(verb) ? await this.csrfToken(probe.path) : null;
    let test = this.http[verb](probe.path).set(this.headers);
    if (token) test = test.set(CSRF_HEADER, token);
    if (probe.headers) test = test.set(probe.headers);
    if (probe.file) return test.attach('file', probe.file.bytes, probe.file.name);
    if (probe.contentType) test = test.set('Content-Type', probe.contentType);
    return probe.body === undefined ? test : test.send(probe.body);
  }

  /** Signs in to a user account (every account of the walk has the password WALK_PASSWORD). */
  async signIn(email: string): Promise<this> {
    const token = await this.csrfToken('/api/auth/login');
    await this.http
      .post('/api/auth/login')
      .set(CSRF_HEADER, token)
      .send({ email, password: WALK_PASSWORD })
      .expect(200);
    this.forgetTokens();
    return this;
  }

  async signInAsAdmin(): Promise<this> {
    const token = await this.csrfToken('/api/admin/login');
    await this.http
      .post('/api/admin/login')
      .set(CSRF_HEADER, token)
      .send({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD })
      .expect(200);
    this.forgetTokens();
    return this;
  }
}
