import path from 'node:path';
import { PRODUCT_KEY, PRODUCT_NAME } from '@agentry/domain/product';
import { z } from 'zod';
import { SLICE_BUDGET_MS } from '../search/embedded/search-steps';
import { type ProcessRole, roleProblems } from './role';

// Every setting of every process, typed, documented and validated once at start. Each variable
// defaults to the embedded choice so that `npm start` needs none of them; a bad value stops the
// process with every problem listed (see loadConfig).

const optionalUrl = (schemes: string[], hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || schemes.some((scheme) => value.startsWith(scheme)), {
      message: `must start with ${hint}`,
    });

/** A secret that, when set, starts with one of `prefixes` (Stripe's keys say what they are). */
const optionalSecret = (prefixes: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || prefixes.some((prefix) => value.startsWith(prefix)), {
      message: `must start with ${prefixes.join(' or ')}`,
    });

/**
 * One mailbox, bare or with a display name. It becomes the From header of every message, so no
 * line break, and a single address (no list).
 */
const MAILBOX = /^(?:[^\r\n<>@,;]*<[^\s<>@,;]+@[^\s<>@,;]+>|[^\s<>@,;]+@[^\s<>@,;]+)$/;

/** Free text where an empty value means unset (as .env files often leave variables). */
const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value),
    );

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Port of the HTTP server. */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Public origin used in canonical links, the sitemap and e-mails; defaults to http://localhost:PORT. */
    PUBLIC_URL: optionalUrl(['http://', 'https://'], 'http:// or https://'),
    /** Where the embedded store, search index, outbox and session secret live. */
    DATA_DIR: z.string().default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Set to use MongoDB as the store instead of embedded SQLite. */
    MONGODB_URI: optionalUrl(['mongodb://', 'mongodb+srv://'], 'mongodb:// or mongodb+srv://'),
    /** Set to use Meilisearch instead of the embedded search engine. */
    MEILI_HOST: optionalUrl(['http://', 'https://'], 'http:// or https://'),
    /**
     * Meilisearch's master key: only `npm run meili:keys` uses it, to create the two scoped keys below
     * (Meilisearch: "Only use the master key when managing API keys"). Production refuses it to the
     * API and the indexer; in development they fall back on it when their own key is not set.
     */
    MEILI_MASTER_KEY: optionalText(),
    /** The indexer's key (indexer, migrate, reindex, import): writes to the indexes MEILI_INDEX*. */
    MEILI_API_KEY: optionalText(),
    /** The API's search-only key: the action `search` on MEILI_INDEX and its checkpoint index. */
    MEILI_SEARCH_KEY: optionalText(),
    MEILI_INDEX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, 'may hold only letters, digits, - and _')
      .default('agents'),
    /** Optional Meilisearch embedder name for hybrid search (configured on the Meilisearch side). */
    MEILI_EMBEDDER: z.string().optional(),
    MEILI_SEMANTIC_RATIO: z.coerce.number().min(0).max(1).default(0.5),
    /** inprocess: the API runs the indexer loop itself; external: `npm run indexer` does. */
    INDEXER: z.enum(['inprocess', 'external']).default('inprocess'),
    INDEXER_POLL_MS: z.coerce.number().int().min(10).max(60000).default(100),
    /**
     * How long one slice of an embedded search may hold a worker's event loop before the requests
     * that came meanwhile are read, ms (platform/src/search/embedded/search-steps.ts; docs/scaling.md).
     * 0: each search runs whole, in one piece.
     */
    SEARCH_SLICE_MS: z.coerce.number().min(0).max(1000).default(SLICE_BUDGET_MS),
    /**
     * A diagnostic, off (0) by default: each API worker logs what its event loop ran whenever it was
     * blocked longer than this many ms (server/src/http/long-task-trace.ts; async hooks cost a few
     * microseconds a callback, so for benchmark runs, not production).
     */
    LOOP_TRACE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /**
     * API worker processes (`npm start`): each serves requests with its own copy of the search
     * index, sharing the store; the first also runs the in-process indexer and the upkeep timers.
     * Default: the number of cores.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * Requests one connection may carry before the API closes it with its last answer (the client
     * then opens another), as proxies bound their upstream connections: with WEB_CONCURRENCY workers
     * the supervisor deals each new connection to the next worker free to take it, so a client or
     * proxy that keeps a few connections open is spread over the workers again and again instead of
     * staying with whichever took them first (docs/scaling.md). 0: no bound.
     */
    KEEPALIVE_MAX_REQUESTS: z.coerce.number().int().min(0).max(1_000_000).default(100),
    /**
     * Connections one client address (an IPv6 client: its /56) may hold open at once in each API
     * process; one more is closed as it is accepted (server/src/http/connection-guard.ts). Not
     * applied behind a proxy (TRUST_PROXY), whose own address every connection carries. 0: no bound.
     */
    MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(1_000_000).default(256),
    /**
     * On SIGTERM: how long in-flight requests may take to finish once the API stops accepting
     * connections, in ms; after it they are cut and the process exits 1 (server/src/lifecycle).
     */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * On SIGTERM: how long /readyz answers 503 while the API still accepts connections, in ms, so a
     * load balancer stops sending traffic before the port closes (0: close at once).
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** Seed the demo catalog when the store holds no agents. */
    SEED_DEMO: flag(true),
    /** Signs session cookies; required in production (32+ characters). Generated and kept in DATA_DIR otherwise. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Number of reverse proxies in front of the API (for client IPs in rate limits). */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** Requests per client per minute: reads (GET), state changes, and failed sign-ins per 15 minutes. */
    RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_LOGINS_PER_15_MINUTES: z.coerce.number().int().min(1).default(10),
    /** Every sign-in attempt per client per 15 minutes, successful ones too (each costs a password hash). */
    RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES: z.coerce.number().int().min(1).default(30),
    /**
     * Per account, from browsers it never signed in from: attempts a day that go through at once;
     * after them, one attempt per delay, doubling from 1 s up to the cap (no lockout: SECURITY.md).
     */
    SIGN_IN_ACCOUNT_FREE_ATTEMPTS: z.coerce.number().int().min(0).default(10),
    SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** Registrations, new accounts and password-reset requests per client per hour. */
    RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /** Registrations without an e-mail address per client per day (held for staff review; issue 21). */
    RATE_LIMIT_ADDRESS_LESS_PER_DAY: z.coerce.number().int().min(1).default(1),
    /** "This is my product" reports per client per day (they reach the admin inbox). */
    RATE_LIMIT_OWNERSHIP_REPORTS_PER_DAY: z.coerce.number().int().min(1).default(5),
    /**
     * store: the limits are counted in the store every API process shares (SQLite in DATA_DIR, or
     * MongoDB), so they hold across WEB_CONCURRENCY workers and several containers; memory: each
     * process counts alone (one process only, or a proxy that limits in front).
     */
    RATE_LIMIT_STORE: z.enum(['store', 'memory']).default('store'),
    /**
     * How often each process sends its read and write counts to the shared store, in ms. A client
     * may pass a limit by at most what it sends in two of these intervals (README, rate limiting).
     */
    RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(50).max(5_000).default(250),
    /** How often subscriptions whose billing period ended are re-read from the payment provider, in ms. */
    BILLING_SWEEP_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
    /**
     * test: the app's own checkout page, which never charges; stripe: Stripe Checkout. Default: stripe
     * when STRIPE_SECRET_KEY is set, else test; production must name it (see below).
     */
    PAYMENTS_MODE: z
      .enum(['test', 'stripe', ''])
      .optional()
      .transform((value) => value || undefined),
    STRIPE_SECRET_KEY: optionalSecret(['sk_', 'rk_']),
    STRIPE_WEBHOOK_SECRET: optionalSecret(['whsec_']),
    /** Another address for Stripe's API (stripe-mock, the local stand-in of tests); default Stripe's own. */
    STRIPE_API_URL: optionalUrl(['http://', 'https://'], 'http:// or https://'),
    /** Set to send mail through this SMTP server (credentials in the URL, ?pool=true for a pool) instead of the outbox. */
    SMTP_URL: optionalUrl(['smtp://', 'smtps://'], 'smtp:// or smtps://'),
    /** Sender of every message: an address, or "Name <address>". */
    MAIL_FROM: z
      .string()
      .trim()
      .regex(
        MAILBOX,
        `must be an address like no-reply@example.com or ${PRODUCT_NAME} <no-reply@example.com>`,
      )
      .default(`${PRODUCT_NAME} <no-reply@${PRODUCT_KEY}.local>`),
    ADMIN_USERNAME: z.string().min(3).optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    /**
     * Staff must sign in with a TOTP code as well as the password: an admin without one enrolled is
     * refused (enrol with `npm run admin:totp -- USERNAME`). Admins who enrolled are always asked.
     */
    ADMIN_TOTP_REQUIRED: flag(false),
    /**
     * Trust (issue 26): inprocess, the API's first worker runs the link checker and the rechecks of
     * verified domains (one process at a time across containers, by a lease in the store); off: none.
     */
    TRUST_JOBS: z.enum(['inprocess', 'off']).default('inprocess'),
    /** How often the trust jobs wake to take their next batch, in ms. */
    TRUST_JOBS_TICK_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /**
     * Saved searches' digests (issue 28): the API's first worker sends the due digests (one process
     * at a time across containers, by a lease in the store), on a worker thread of its own (worker,
     * the default: no digest search holds the thread that answers visitors) or on its own thread
     * (inprocess); off: only `npm run digests`.
     */
    DIGESTS: z.enum(['worker', 'inprocess', 'off']).default('worker'),
    /** How often the digest job wakes to look for due digests, in ms. */
    DIGESTS_TICK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** Saved searches one turn of the digest job looks at, at most (the rest wait for the next turn). */
    DIGESTS_PER_TURN: z.coerce.number().int().min(1).max(100_000).default(1000),
    /** Each listing's website is checked this often (a full pass of the catalog), in hours. */
    LINK_CHECK_INTERVAL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** Checks under way at once. */
    LINK_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    /** Checks started per second at most, whatever the concurrency allows. */
    LINK_CHECK_MAX_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(20),
    /** One check's deadline, redirects and robots.txt included, in ms. */
    LINK_CHECK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    /** Between two requests to one host, in ms: never below 1000 (at most one request a second per host). */
    LINK_CHECK_HOST_INTERVAL_MS: z.coerce.number().int().min(1000).max(600_000).default(1000),
    /** A verified domain's proof is looked for again this often, in hours. */
    VERIFICATION_RECHECK_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /**
     * DNS servers for the calls to listings' websites and for TXT proofs ("ip" or "ip:port", comma
     * separated); default: the system's resolver. Tests point it at a local DNS server.
     */
    OUTBOUND_DNS_SERVERS: optionalText().refine(
      (value) =>
        value === undefined || value.split(',').every((server) => /^[0-9a-f.:[\]]+$/i.test(server.trim())),
      { message: 'must be addresses such as 127.0.0.1:5353, comma separated' },
    ),
    /**
     * Tests only: let the link checker and the domain proofs call loopback addresses (local test
     * servers). Refused in production, where no private, loopback or link-local address is ever called.
     */
    OUTBOUND_ALLOW_LOOPBACK: flag(false),
    /** Reviews written or changed per employer account per hour. */
    RATE_LIMIT_REVIEWS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Reports of reviews per client per hour. */
    RATE_LIMIT_REVIEW_REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Domain proof checks (and domains added) per provider account per hour. */
    RATE_LIMIT_VERIFICATION_CHECKS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_USERNAME and ADMIN_PASSWORD go together',
      });
    }
    if (paymentsMode(env) === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required in Stripe mode' });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/** What the application's processes need in production, each as "VARIABLE message". */
function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.SESSION_SECRET) problems.push('SESSION_SECRET is required in production');
  // Loopback is for tests' local servers: a production site never calls its own machine for a stranger.
  if (env.OUTBOUND_ALLOW_LOOPBACK)
    problems.push(
      'OUTBOUND_ALLOW_LOOPBACK is for tests only: production never calls loopback or private addresses',
    );
  // A production site must not give subscriptions away because a key was forgotten.
  if (!env.PAYMENTS_MODE && !env.STRIPE_SECRET_KEY)
    problems.push(
      'PAYMENTS_MODE must be set in production: stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) or test (a checkout that never charges)',
    );
  return problems;
}

/** The payments adapter the settings ask for: PAYMENTS_MODE, else Stripe when its key is set. */
function paymentsMode(env: Pick<Env, 'PAYMENTS_MODE' | 'STRIPE_SECRET_KEY'>): 'test' | 'stripe' {
  return env.PAYMENTS_MODE ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test');
}

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  store: 'sqlite' | 'mongodb';
  search: 'embedded' | 'meilisearch';
  payments: 'test' | 'stripe';
  mail: 'outbox' | 'smtp';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment; throws ConfigError listing every problem at once. A process
 * entry point names its role, which adds what that process needs (its Meilisearch key: role.ts).
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, role?: ProcessRole): Config {
  // An empty value is an unset one, for every setting: .env files and compose's `${VAR:-}` leave
  // variables empty, and no setting gives '' a meaning of its own.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim()));
  const parsed = envSchema.safeParse(given);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'} ${issue.message}`);
  if (parsed.success) {
    // The tool that only manages Meilisearch's keys serves no session and sells nothing.
    if (role !== 'meili-keys') problems.push(...productionProblems(parsed.data));
    if (role) problems.push(...roleProblems(parsed.data, role));
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    store: env.MONGODB_URI ? 'mongodb' : 'sqlite',
    search: env.MEILI_HOST ? 'meilisearch' : 'embedded',
    payments: paymentsMode(env),
    mail: env.SMTP_URL ? 'smtp' : 'outbox',
  };
}

/** For process entry points: load the config or print every problem and exit(1). */
export function loadConfigOrExit(source: NodeJS.ProcessEnv = process.env, role?: ProcessRole): Config {
  try {
    return loadConfig(source, role);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
