// Which code may import which, in one table (README, "What is where"). The checker resolves every
// import first, relative or by package name, so a rule cannot be walked round by spelling a path
// differently: `../../platform/src/store/sqlite/db` is the same file as
// `@agentry/platform/store/sqlite/db` and meets the same rule.

/** The workspaces, and e2e/ (the browser tests, not a package): each file belongs to one root. */
export const ROOTS = ['domain', 'platform', 'indexer', 'server', 'scripts', 'client', 'e2e'] as const;
export type Root = (typeof ROOTS)[number];

/**
 * The roots each root may import, by package name (never by a relative path: that is refused
 * outright). Lower layers never import upper ones; the client reaches the server only over HTTP.
 */
export const MAY_IMPORT: Record<Root, readonly Root[]> = {
  domain: [],
  platform: ['domain'],
  indexer: ['domain', 'platform'],
  server: ['domain', 'platform', 'indexer'],
  scripts: ['domain', 'platform', 'indexer', 'server'],
  client: ['domain'],
  e2e: ['domain', 'platform', 'indexer', 'server', 'scripts'],
};

export const LAYER_REASONS: Record<Root, string> = {
  domain: 'domain is shared with the browser: it imports no other workspace',
  platform: 'platform sits below the server, indexer and scripts (ports, adapters, config, logging)',
  indexer: 'the server and scripts use the indexer, not the reverse',
  server: 'scripts use the server, and the client is reached only over HTTP',
  scripts: 'the client is built and served, never imported',
  client:
    'platform, server and indexer code must not reach the browser bundle; the client talks to the server over HTTP',
  e2e: 'e2e drives the built app; the client is reached through the browser',
};

/**
 * Adapter folders beside their port. Outside platform/ an adapter is reached only through the port
 * (`<kind>/port`) and its factory (`<kind>/factory`), which re-exports what callers need; inside
 * platform/, an adapter never reaches into a sibling of the same port (what both need sits beside
 * the port, like payments/simulated/). Within platform/ one port's adapter may build on another's
 * (the SQLite rate limits share the SQLite store's database).
 */
export const ADAPTERS: ReadonlyArray<{ port: string; adapter: string }> = [
  { port: 'platform/src/store', adapter: 'platform/src/store/sqlite' },
  { port: 'platform/src/store', adapter: 'platform/src/store/mongo' },
  { port: 'platform/src/search', adapter: 'platform/src/search/embedded' },
  { port: 'platform/src/search', adapter: 'platform/src/search/meili' },
  { port: 'platform/src/search', adapter: 'platform/src/search/store-fallback' },
  { port: 'platform/src/mail', adapter: 'platform/src/mail/file-outbox' },
  { port: 'platform/src/mail', adapter: 'platform/src/mail/smtp' },
  { port: 'platform/src/payments', adapter: 'platform/src/payments/test-mode' },
  { port: 'platform/src/payments', adapter: 'platform/src/payments/stripe' },
];

/** Files that may stand up, measure or train one adapter on purpose: tests, benchmarks, the ranker's training, the static encoder's measurement. */
export const MAY_REACH_ADAPTERS = [
  /\.test\.tsx?$/,
  /^scripts\/src\/bench\//,
  /^scripts\/src\/eval\/ranker\//,
  /^scripts\/src\/eval\/static-encoder\//,
];

/**
 * The client's folders, lowest first (bulletproof-react): shared code (components, hooks, lib,
 * config, utils, testing) imports no feature and no app code; a feature imports no other feature
 * and no app code; the app (routes) composes the features.
 */
export const CLIENT_SHARED = ['components', 'hooks', 'lib', 'config', 'utils', 'testing', 'styles'];

/**
 * The API's contract: request and response shapes as zod schemas. The server validates with them;
 * the client (and the domain code it bundles) imports only their types.
 */
export const CONTRACT_FOLDER = 'domain/src/contract';
