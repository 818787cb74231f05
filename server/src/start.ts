import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { rebuildInWorker } from '@agentry/indexer/rebuild-in-worker';
import { runIndexer } from '@agentry/indexer/sync-loop';
import type { Config } from '@agentry/platform/config/env';
import { createLogger, type Logger } from '@agentry/platform/log/logger';
import { openMailer } from '@agentry/platform/mail/factory';
import type { Mailer } from '@agentry/platform/mail/port';
import { openPayments, TestModePayments } from '@agentry/platform/payments/factory';
import type { PaymentsProvider } from '@agentry/platform/payments/port';
import { openSearchEngine } from '@agentry/platform/search/factory';
import type { SearchEngine } from '@agentry/platform/search/port';
import { uploadImporter } from '@agentry/platform/spreadsheet/upload-importer';
import { openStore, rateLimitStoreOf, sqliteFileOf } from '@agentry/platform/store/factory';
import type { Store } from '@agentry/platform/store/port';
import { AgentEventCounter } from './analytics/agent-event-counter';
import { createApp } from './app';
import { ApiKeyLastUse } from './auth/api-key-last-use';
import { configurePassport } from './auth/passport';
import { resolveSessionSecret } from './auth/session-secret';
import { ensureAdminFromEnv } from './commands/admin/create-admin';
import { ReplyBadges } from './commands/employer/reply-times';
import { createCommandLimiters, type Services } from './commands/services';
import type { AppContext } from './context';
import { guardConnections } from './http/connection-guard';
import { EventLoopMonitor } from './http/event-loop-monitor';
import { startLongTaskTrace, traceAs } from './http/long-task-trace';
import { createTrustLimits } from './http/trust-limits';
import { DigestJobs, inThisThread, onWorkerThread } from './jobs/digest-jobs';
import { DigestWorker } from './jobs/digest-worker';
import { TrustJobs } from './jobs/trust-jobs';
import { type LifecycleState, ReadinessProbe, searchCheck } from './lifecycle/readiness';
import { type DrainResult, trackRequests } from './lifecycle/request-drain';
import { whenIdle } from './lifecycle/when-idle';
import { outboundFromConfig } from './link-check/outbound';
import { startMaintenance } from './maintenance';
import { ToolUsageCounter } from './mcp/usage/tool-usage-counter';
import { lazyServerRenderer } from './routes/web/server-render';
import { indexRebuilderFor } from './search-service/index-rebuilder';
import { SearchFreshness } from './search-service/search-freshness';
import { SearchService } from './search-service/search-service';
import { seedDemoCatalog } from './seed/seed-demo';

export const DEFAULT_CLIENT_DIST = path.resolve(__dirname, '../../client/dist');

export interface StartOptions {
  logger?: Logger;
  /** Use this store instead of opening the configured one (tests). */
  store?: Store;
  /** Use this engine instead of opening the configured one (tests); null answers from the store only. */
  engine?: SearchEngine | null;
  /** The built client to serve; null for API only. Defaults to client/dist when it exists. */
  clientDist?: string | null;
  /** Use this mailer / payment provider instead of the configured ones (tests). */
  mailer?: Mailer;
  payments?: PaymentsProvider;
  /** How long a search may wait for the engine before the store answers (tests: beyond any test's time). */
  searchTimeoutMs?: number;
  /** How long an upload's parse may take on its worker (tests: 10,000 rows on a busy machine). */
  uploadTimeoutMs?: number;
  /**
   * The embedded store's write-ahead log folded in by a thread of its own (true, what runs), or by
   * the commits, as SQLite does by default (the in-process test servers: a thread less per start).
   */
  checkpointsOffThread?: boolean;
  /** The clock of commands and the test-mode checkout (tests move it to the end of a billing period). */
  now?: () => number;
  /**
   * False for the second and later API workers (WEB_CONCURRENCY > 1): only the first seeds the demo
   * catalog, runs the in-process indexer and the upkeep timers, so each of those runs exactly once.
   */
  leader?: boolean;
  /**
   * Called once the store is migrated and seeded, the admin made, the session secret kept and the
   * search engine opened: what the leader does first, which the other workers wait for before
   * they open the store (cluster/leader-gate.ts).
   */
  onStoreReady?: () => void;
}

export interface RunningServer {
  url: string;
  context: AppContext;
  server: Server;
  /**
   * Graceful shutdown (SIGTERM): /readyz answers 503, the port closes after SHUTDOWN_DELAY_MS,
   * in-flight requests get SHUTDOWN_TIMEOUT_MS to finish, then the indexer stops, the counters are
   * written and the store is closed. Resolves with how many requests the deadline cut.
   */
  close(): Promise<DrainResult>;
}

function findClientDist(requested: string | null | undefined): string | null {
  if (requested !== undefined) return requested;
  return fs.existsSync(path.join(DEFAULT_CLIENT_DIST, 'index.html')) ? DEFAULT_CLIENT_DIST : null;
}

/** Opens the store, seeds demo data on first run, and listens. close() shuts everything down in order. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL, 'api');
  // Started first, so that the timers and loops made at start are named by their owners too.
  const stopLoopTrace = config.LOOP_TRACE_MS > 0 ? startLongTaskTrace(config.LOOP_TRACE_MS, logger) : null;
  const leader = options.leader ?? true;
  // The embedded store's log is folded into its file off this thread: a commit that did it held the
  // loop 50-290 ms (issue 24).
  const store =
    options.store ??
    (await openStore(config, { checkpointsOffThread: options.checkpointsOffThread ?? true }));
  if (config.SEED_DEMO && leader) await seedDemoCatalog(store, logger);
  if (leader) await ensureAdminFromEnv({ store, logger }, config);
  const engine =
    options.engine !== undefined
      ? options.engine
      : // The index loads while the API already answers (search from the store until it is current).
        await traceAs('search index', () =>
          openSearchEngine(config, { serve: true, loadInBackground: true, logger }),
        );
  // Made once (first run, no SESSION_SECRET) by the first process, before the others start.
  const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, config.dataDir);
  options.onStoreReady?.();

  // The indexer runs inside the API unless another process does it (INDEXER=external).
  const indexer = new AbortController();
  const indexing =
    engine && config.INDEXER === 'inprocess' && leader
      ? traceAs('indexer', () =>
          runIndexer({
            store,
            engine,
            logger: logger.child({ component: 'indexer' }),
            pollMs: config.INDEXER_POLL_MS,
            // Batches sized to about 20 ms of this worker's event loop (issue 24: a batch of 100
            // changes after an import held it 425 ms in bench:no-stall's first round, at load 11).
            batchBudgetMs: 20,
            signal: indexer.signal,
            // The embedded index is rebuilt off the request thread; Meilisearch rebuilds on its own server.
            rebuild: engine.kind === 'embedded' ? () => rebuildInWorker(config) : undefined,
          }),
        )
      : Promise.resolve();

  const now = options.now ?? Date.now;
  const mailer =
    options.mailer ?? (await openMailer(config, { logger: logger.child({ component: 'mail' }) }));
  // A dead mail server must not stop the site: it is checked, and a failure only logged.
  if (!options.mailer && mailer.kind === 'smtp') {
    mailer
      .verify()
      .catch((error) =>
        logger.warn({ code: (error as { code?: string }).code }, 'SMTP server does not answer'),
      );
  }
  const payments = options.payments ?? openPayments(config, { kv: store.kv, now });
  const services: Services = {
    config,
    logger,
    store,
    mailer,
    payments,
    checkoutOrigin: payments.kind === 'stripe' ? config.publicUrl : '',
    now,
    ...createCommandLimiters(
      { store: rateLimitStoreOf(config, store), logger: logger.child({ component: 'rate-limit' }) },
      config,
    ),
  };
  const maintenance = leader ? startMaintenance(services, { sweepMs: config.BILLING_SWEEP_MS }) : null;
  // Trust (issue 26): link checks and rechecks of verified domains, in the first worker only.
  const outbound = outboundFromConfig(config);
  const eventLoop = new EventLoopMonitor(logger);
  const trustJobs =
    leader && config.TRUST_JOBS === 'inprocess'
      ? new TrustJobs(
          { ...services, logger: logger.child({ component: 'trust-jobs' }) },
          outbound,
          config,
          // Requests first: checks slow down while the last second's event-loop delay says the worker is busy.
          () => eventLoop.busy,
        )
      : null;

  // Every worker counts its own requests and writes them to the shared store every 10 s; the store
  // keeps "once per person, agent and day" across workers, under keys made with the shared secret.
  const analytics = new AgentEventCounter({
    repository: store.agentStats,
    logger: logger.child({ component: 'analytics' }),
    now,
    sessionSecret,
  });
  const mcpUsage = new ToolUsageCounter({
    repository: store.toolUsage,
    logger: logger.child({ component: 'mcp-usage' }),
    now,
  });
  const apiKeyLastUse = new ApiKeyLastUse({
    repository: store.apiKeys,
    logger: logger.child({ component: 'api-keys' }),
  });
  let lifecycle: LifecycleState = 'starting';
  // Until the index holds what the store held at start, search answers from the store.
  let search: SearchService | undefined;
  let readying: Promise<void> | undefined;
  const freshness = engine
    ? new SearchFreshness(engine, store, {
        logger: logger.child({ component: 'search' }),
        // Far behind: the store answers for seconds; its plain matching is readied first.
        onLongWait: () => {
          readying = search?.warmFallback();
        },
      })
    : null;
  search = new SearchService(engine, store, logger, {
    freshness: freshness ?? undefined,
    timeoutMs: options.searchTimeoutMs,
    // A restart's searches wait the second its snapshot takes to load, instead of the store's
    // plain matching reading every agent beside it; past LONG_LOAD_MS (onLongWait) the store answers.
    waitWhileLoading: true,
  });
  await freshness?.start();
  // Far behind already (the index lost: rebuilt for seconds), the store's plain matching is readied
  // before this process takes its first request, rather than by the first searches, which would
  // each wait for it (issue 24: no request waits more than 100 ms for the rebuild).
  await readying;
  // What /readyz asks; each answers within a second or counts as down (lifecycle/readiness.ts).
  const readiness = new ReadinessProbe({
    store: () => store.ping(),
    ...(engine ? { search: searchCheck(engine, freshness) } : {}),
    mail: () => mailer.verify(),
  });
  const clientDist = findClientDist(options.clientDist);
  // The embedded store's file, which the upload's worker thread writes to on its own connection.
  const storeFile = !options.store && store.kind === 'sqlite' ? sqliteFileOf(config) : null;
  const context: AppContext = {
    config,
    logger,
    store,
    storeFile,
    engine,
    importUpload: uploadImporter(store, storeFile, options.uploadTimeoutMs),
    indexRebuilder: indexRebuilderFor(config, store, engine),
    search,
    passport: configurePassport(store, logger),
    mailer,
    services,
    testCheckout: payments instanceof TestModePayments ? payments : null,
    sessionSecret,
    clientDist,
    serverRenderer: clientDist ? lazyServerRenderer(clientDist, logger) : null,
    eventLoop,
    analytics,
    mcpUsage,
    apiKeyLastUse,
    replyBadges: new ReplyBadges(store, services.now),
    lifecycle: () => lifecycle,
    readiness,
    trust: {
      outbound,
      recheckMs: config.VERIFICATION_RECHECK_HOURS * 60 * 60 * 1000,
      limits: createTrustLimits(config, {
        store: rateLimitStoreOf(config, store),
        syncMs: config.RATE_LIMIT_SYNC_MS,
        logger: logger.child({ component: 'rate-limit' }),
      }),
    },
  };
  // Saved searches' digests (issue 28), in the first worker only: on a worker thread of their own
  // (DIGESTS=worker, the default), or on this thread searching as the API does (inprocess).
  const digestLogger = logger.child({ component: 'digests' });
  const digestWorker =
    leader && config.DIGESTS === 'worker' ? new DigestWorker(config, sessionSecret, digestLogger) : null;
  const digestJobs = !leader
    ? null
    : digestWorker
      ? new DigestJobs(
          { ...services, logger: digestLogger },
          config,
          onWorkerThread(digestWorker, services),
          () => digestWorker.stop(),
        )
      : config.DIGESTS === 'inprocess'
        ? new DigestJobs(
            { ...services, logger: digestLogger },
            config,
            inThisThread({
              ...services,
              logger: digestLogger,
              search: (request) => context.search.search(request),
              secret: sessionSecret,
            }),
          )
        : null;
  const app = createApp(context);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.PORT, config.HOST, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  // Slow clients must not hold connections (or a shutdown) open forever.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  // ... and a connection that never sends a byte is closed too, and one client holds a bounded
  // number of connections (session 14's attack: 19,800 silent connections held for good).
  guardConnections(server, {
    firstRequestMs: server.headersTimeout,
    perClient: config.TRUST_PROXY > 0 ? 0 : config.MAX_CONNECTIONS_PER_CLIENT,
  });
  // A connection is closed with its KEEPALIVE_MAX_REQUESTS-th answer (`Connection: close`, so the
  // client never sends on a closing one): its next connection is dealt to a worker afresh.
  server.maxRequestsPerSocket = config.KEEPALIVE_MAX_REQUESTS;
  const requests = trackRequests(server);
  analytics.start();
  mcpUsage.start();
  apiKeyLastUse.start();
  trustJobs?.start();
  digestJobs?.start();
  lifecycle = 'serving';
  // The client's server renderer (100-180 ms of this thread to load), off the start's path: once
  // the index is current (it would hold the thread that loads the index) and the worker is idle
  // (a request would wait behind it; the first searches on a new index are the slowest already).
  // A page asked for sooner loads it itself.
  const renderer = context.serverRenderer;
  const rendererLoad = renderer
    ? whenIdle(
        server,
        requests,
        () => !freshness || freshness.state === 'current',
        () => {
          const started = performance.now();
          void renderer.loadInTurns().then((loaded) => {
            if (loaded) logger.debug({ ms: Math.round(performance.now() - started) }, 'page renderer loaded');
          });
        },
      )
    : undefined;
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info(
    {
      url,
      store: store.kind,
      search: context.engine?.kind ?? 'store',
      mail: mailer.kind,
      payments: payments.kind,
    },
    'listening',
  );
  if (payments.kind === 'test')
    logger.warn('payments run in TEST MODE: checkouts never charge (set STRIPE_SECRET_KEY for Stripe)');

  let closing: Promise<DrainResult> | undefined;
  const close = () => {
    closing ??= (async () => {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      lifecycle = 'draining';
      requests.begin();
      const { SHUTDOWN_DELAY_MS: delayMs, SHUTDOWN_TIMEOUT_MS: deadlineMs } = config;
      logger.info(
        { in_flight: requests.inFlight(), delay_ms: delayMs, deadline_ms: deadlineMs },
        'shutdown: not ready any more (/readyz answers 503)',
      );
      // A load balancer polling /readyz stops sending traffic before the port closes.
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      logger.info({ in_flight: requests.inFlight() }, 'shutdown: port closed; draining in-flight requests');
      const drained = await requests.drain(deadlineMs);
      if (drained.cut > 0)
        logger.error({ cut: drained.cut, ms: elapsed() }, 'shutdown: deadline passed; requests cut');
      else logger.info({ ms: elapsed() }, 'shutdown: every request finished');
      rendererLoad?.cancel();
      indexer.abort();
      await indexing;
      freshness?.stop();
      maintenance?.stop();
      await trustJobs?.stop();
      await digestJobs?.stop();
      eventLoop.stop();
      stopLoopTrace?.();
      logger.info({ ms: elapsed() }, 'shutdown: indexer and upkeep stopped');
      // Requests are done: what they counted is written before the store closes.
      await analytics.stop();
      await mcpUsage.stop();
      await apiKeyLastUse.stop();
      logger.info({ ms: elapsed() }, 'shutdown: analytics and tool-usage counts written');
      if (!options.mailer) await mailer.close();
      if (engine && options.engine === undefined) await engine.close();
      if (!options.store) await store.close();
      logger.info({ ms: elapsed(), store: store.kind }, 'shutdown: store closed');
      logger.info({ ms: elapsed(), cut: drained.cut }, 'stopped');
      return drained;
    })();
    return closing;
  };
  return { url, context, server, close };
}
