import { createLogger } from '@agentry/platform/log/logger';
import { type LocalDns, startLocalDns } from '@agentry/platform/outbound/testing/local-dns';
import { migrateStore, withDatabase } from '@agentry/platform/store/factory';
import type { Store } from '@agentry/platform/store/port';
import { startTestServer, type TestServer } from '@agentry/server/testing/test-server';
import { ADMIN_ENV, ADMIN_PASSWORD, ADMIN_USERNAME, PASSWORD } from '@agentry/server/testing/visitor';
import { CookieJar, type RawRequest, type RawResponse, send } from './client';
import { type SeededIds, seedWorld } from './seed';

// The real app on a fresh store (seed.ts puts in what the fuzzer needs), and the people who call
// it, each with a browser's cookies and CSRF token.

export type CallerName =
  | 'anonymous'
  | 'visitor'
  | 'provider'
  | 'employer'
  | 'admin'
  // Programs with an employer API key and no cookie: the active employer's key, a key whose
  // employer's plan lapsed, and a revoked key.
  | 'keyHolder'
  | 'lapsedKey'
  | 'revokedKey';
export type KeyCallerName = Extract<CallerName, 'keyHolder' | 'lapsedKey' | 'revokedKey'>;
export type CsrfMode = 'ok' | 'missing' | 'wrong';

export interface Caller {
  name: CallerName;
  jar: CookieJar;
  token?: string;
  userId?: string;
  email?: string;
  /** An employer API key, sent as Authorization: Bearer (key callers send no cookie). */
  bearer?: string;
}

/** What the seeding and the sign-ins read from the answers they get (each has some of these). */
export interface Answer {
  csrf_token: string;
  user_id: string;
  url: string;
  shortlist: { id: string };
  saved_search: { id: string };
  request: { id: string };
  key: string;
  api_key: { id: string };
}

/** Limits lifted so that the fuzzer measures validation, not throttling. */
const NO_RATE_LIMITS = {
  RATE_LIMIT_READS_PER_MINUTE: '100000000',
  RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
  RATE_LIMIT_LOGINS_PER_15_MINUTES: '100000000',
  RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES: '100000000',
  SIGN_IN_ACCOUNT_FREE_ATTEMPTS: '100000000',
  RATE_LIMIT_SIGNUPS_PER_HOUR: '100000000',
  RATE_LIMIT_ADDRESS_LESS_PER_DAY: '100000000',
  RATE_LIMIT_OWNERSHIP_REPORTS_PER_DAY: '100000000',
  RATE_LIMIT_REVIEWS_PER_HOUR: '100000000',
  RATE_LIMIT_REVIEW_REPORTS_PER_HOUR: '100000000',
  RATE_LIMIT_VERIFICATION_CHECKS_PER_HOUR: '100000000',
};

/**
 * The store to fuzz: MongoDB when MONGODB_URI is set, in a database of the run's own (left behind,
 * named in the report), else the embedded one in the fresh DATA_DIR.
 */
function fuzzStore(env: NodeJS.ProcessEnv): { env: Record<string, string>; database: string | null } {
  if (!env.MONGODB_URI) return { env: {}, database: null };
  const database = `agentry_fuzz_${Date.now().toString(36)}`;
  return { env: { MONGODB_URI: withDatabase(env.MONGODB_URI, database) }, database };
}

export class World {
  readonly callers: Record<CallerName, Caller>;
  ids!: SeededIds;

  private constructor(
    readonly server: TestServer,
    /** What the server logged at level error (a 5xx's stack trace, for the report). */
    readonly errorLog: string[],
    /** The MongoDB database of the run; null on the embedded store. */
    private readonly database: string | null,
    /** Answers the domain proofs' DNS questions (it knows no name): nothing leaves the machine. */
    private readonly dns: LocalDns,
  ) {
    const caller = (name: CallerName): Caller => ({ name, jar: new CookieJar() });
    this.callers = {
      anonymous: caller('anonymous'),
      visitor: caller('visitor'),
      provider: caller('provider'),
      employer: caller('employer'),
      admin: caller('admin'),
      keyHolder: caller('keyHolder'),
      lapsedKey: caller('lapsedKey'),
      revokedKey: caller('revokedKey'),
    };
  }

  static async start(env: NodeJS.ProcessEnv = process.env): Promise<World> {
    const errorLog: string[] = [];
    const logger = createLogger('error', 'fuzz', { write: (line: string) => errorLog.push(line) });
    const store = fuzzStore(env);
    // A fresh MongoDB database gets its collections and indexes as a deploy's migrate gives them.
    if (store.env.MONGODB_URI) await migrateStore({ store: 'mongodb', MONGODB_URI: store.env.MONGODB_URI });
    const dns = await startLocalDns();
    const server = await startTestServer(
      { ...NO_RATE_LIMITS, ...ADMIN_ENV, ...store.env, OUTBOUND_DNS_SERVERS: dns.server },
      { logger },
    );
    const world = new World(server, errorLog, store.database, dns);
    world.ids = await seedWorld(world);
    return world;
  }

  get url(): string {
    return this.server.running.url;
  }

  get store(): Store {
    return this.server.running.context.store;
  }

  /** Which store the run used: "sqlite", or "mongodb" with the database's name. */
  get storeKind(): string {
    return this.database ? `${this.store.kind} (database ${this.database})` : this.store.kind;
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.dns.close();
  }

  /** Sends as `caller`: its cookies, and its CSRF token as `csrf` says; keeps the cookies it gets. */
  async request(name: CallerName, request: RawRequest, csrf: CsrfMode = 'ok'): Promise<RawResponse> {
    const caller = this.callers[name];
    const headers: Record<string, string> = { ...request.headers };
    const cookie = name === 'anonymous' || caller.bearer ? undefined : caller.jar.header();
    if (cookie) headers.cookie = cookie;
    if (caller.bearer) headers.authorization = `Bearer ${caller.bearer}`;
    if (csrf === 'ok' && caller.token) headers['x-csrf-token'] = caller.token;
    if (csrf === 'wrong') headers['x-csrf-token'] = caller.token ? `${caller.token.slice(1)}x` : 'forged';
    const response = await send(this.url, { ...request, headers });
    if (name !== 'anonymous' && !caller.bearer) caller.jar.take(response);
    return response;
  }

  /** A JSON call as `name`, answered whatever its status. */
  async json(name: CallerName, method: string, path: string, body?: unknown): Promise<RawResponse> {
    const request: RawRequest = { method, path, headers: {} };
    if (body !== undefined) {
      request.headers['content-type'] = 'application/json';
      request.body = Buffer.from(JSON.stringify(body));
    }
    return this.request(name, request);
  }

  /** A JSON call that must succeed (setting the world up). */
  async call(name: CallerName, method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await this.json(name, method, path, body);
    if (response.status >= 300) {
      throw new Error(
        `fuzz setup: ${method} ${path} as ${name} answered ${response.status} ${response.text}`,
      );
    }
    return response.json as Answer;
  }

  /** A new session for `name`, not signed in, with its CSRF token. */
  async startSession(name: 'visitor' | 'provider' | 'employer'): Promise<void> {
    this.callers[name].jar.clear();
    this.callers[name].token = (await this.call(name, 'GET', '/api/csrf-token')).csrf_token;
  }

  /** Creates the account `name` stands for and keeps it signed in. */
  async createAccount(name: 'provider' | 'employer', email: string): Promise<string> {
    await this.startSession(name);
    const created = await this.call(name, 'POST', '/api/users', {
      email,
      password: PASSWORD,
      full_name: name === 'provider' ? 'Ada Lovelace' : 'Grace Hopper',
      organization: name === 'provider' ? 'Northwind Labs' : 'Acme Hiring',
      phone: '+1 555 0100',
      user_type: name === 'provider' ? 'agent_provider' : 'employer',
    });
    Object.assign(this.callers[name], { token: created.csrf_token, userId: created.user_id, email });
    return created.user_id;
  }

  async signInUser(name: 'provider' | 'employer'): Promise<void> {
    await this.startSession(name);
    const caller = this.callers[name];
    const signedIn = await this.call(name, 'POST', '/api/auth/login', {
      email: caller.email,
      password: PASSWORD,
    });
    caller.token = signedIn.csrf_token;
  }

  async signInAdmin(): Promise<void> {
    const admin = this.callers.admin;
    admin.jar.clear();
    admin.token = (await this.call('admin', 'GET', '/api/admin/csrf-token')).csrf_token;
    const signedIn = await this.call('admin', 'POST', '/api/admin/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    admin.token = signedIn.csrf_token;
  }
}
