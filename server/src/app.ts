import { MCP_PATH } from '@agentry/domain/mcp';
import { rateLimitStoreOf } from '@agentry/platform/store/factory';
import express from 'express';
import { TrustedDevices } from './auth/trusted-device';
import type { AppContext } from './context';
import { createAccountThrottles } from './http/account-throttle';
import { API_KEY_PATHS, apiKeyAuth, identifyApiKey } from './http/api-key-auth';
import { userCsrf } from './http/csrf';
import { apiNotFound, errorHandler } from './http/errors';
import { FairTurns } from './http/fair-turns';
import { InFlight } from './http/in-flight';
import { allowAnyOrigin, PUBLIC_READ_PATHS } from './http/public-read';
import { createRateLimits } from './http/rate-limits';
import { requestCosts } from './http/request-costs';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { sessions } from './http/sessions';
import { mcpRoutes } from './mcp/mcp.routes';
import { adminRoutes } from './routes/api/admin/admin.routes';
import { analyticsRoutes } from './routes/api/analytics/analytics.routes';
import { authRoutes } from './routes/api/auth/auth.routes';
import { catalogRoutes } from './routes/api/catalog/catalog.routes';
import { docsRoutes } from './routes/api/docs/docs.routes';
import { employerRoutes } from './routes/api/employer/employer.routes';
import { logoFileRoutes, ownLogoRoutes } from './routes/api/logos/logos.routes';
import { stripeWebhookRoutes } from './routes/api/payments/payments.routes';
import { testCheckoutRoutes } from './routes/api/payments/test-checkout.routes';
import { providersRoutes } from './routes/api/providers/providers.routes';
import { registrationRoutes } from './routes/api/registration/registration.routes';
import { reviewsRoutes } from './routes/api/reviews/reviews.routes';
import { instantSearchRoutes } from './routes/api/search/instantsearch/instantsearch.routes';
import { searchRoutes } from './routes/api/search/search.routes';
import { showcaseRoutes } from './routes/api/showcase/showcase.routes';
import { signalsRoutes } from './routes/api/signals/signals.routes';
import { siteCheckRoutes } from './routes/api/site-checks/site-checks.routes';
import { subscriptionsRoutes } from './routes/api/subscriptions/subscriptions.routes';
import { usersRoutes } from './routes/api/users/users.routes';
import { verificationRoutes } from './routes/api/verification/verification.routes';
import { healthRoutes } from './routes/health.routes';
import { webRoutes } from './routes/web/web.routes';

/** Read-only POST endpoints: they change nothing, so they need no CSRF token (visitors have no session). */
const CSRF_EXEMPT = ['/instantsearch/multi-search'];
/**
 * Anonymous counts sent by navigator.sendBeacon, which cannot send a token: they add to an agent's
 * click count only, keep nothing about the sender, and stay rate-limited as writes.
 */
const ANONYMOUS_EVENTS = ['/events'];

export function createApp(context: AppContext): express.Express {
  const { config, logger } = context;
  const httpsOnly = config.publicUrl.startsWith('https://');
  const app = express();
  app.disable('x-powered-by');
  // API answers change with every write; hashing each body for an ETag costs more than it saves.
  app.set('etag', false);
  // Answers echo what people typed (a list's name, a reply, an index name): < > & go out as
  // \u003c \u003e \u0026, the same JSON to a parser, so no markup of a request comes back as markup
  // to anything that would sniff an answer as HTML.
  app.set('json escape', true);
  app.set('trust proxy', config.TRUST_PROXY);

  // How many requests this process holds: pages skip their server rendering past a bound.
  const inFlight = new InFlight();
  app.use(inFlight.track);
  app.use(requestLog(logger));
  app.use(securityHeaders({ httpsOnly }));
  app.use(healthRoutes(context));

  // Counted in the store every API process shares, unless RATE_LIMIT_STORE=memory.
  const shared = {
    store: rateLimitStoreOf(config, context.store),
    syncMs: config.RATE_LIMIT_SYNC_MS,
    logger: logger.child({ component: 'rate-limit' }),
  };
  const limits = createRateLimits(
    {
      // The employer search is a read too (it needs the CSRF token only because employers have a
      // session): counted with the reads, so typing fast never meets the write limit.
      // MCP calls only read (mounted at the root, so its path is whole): counted with the reads.
      readOnlyPaths: [...CSRF_EXEMPT, '/employer/instantsearch/multi-search', MCP_PATH],
      readsPerMinute: config.RATE_LIMIT_READS_PER_MINUTE,
      writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
      loginsPer15Minutes: config.RATE_LIMIT_LOGINS_PER_15_MINUTES,
      signInAttemptsPer15Minutes: config.RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES,
      signupsPerHour: config.RATE_LIMIT_SIGNUPS_PER_HOUR,
    },
    shared,
  );
  const accounts = createAccountThrottles(
    {
      freeAttempts: config.SIGN_IN_ACCOUNT_FREE_ATTEMPTS,
      maxDelayMs: config.SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS * 1000,
    },
    shared,
    new TrustedDevices(context.sessionSecret, httpsOnly),
  );

  // What a request carrying several units of work (searches of a multi-search, messages of an MCP
  // batch) is charged, and its units' turns on the event loop, fair between clients.
  // A search the embedded engine runs in slices holds back the next unit until it is done.
  const costs = requestCosts(limits, new FairTurns({ whileBusy: () => context.engine?.idle?.() ?? null }));

  // Stripe's webhook comes first: it needs the raw body for its signature, has no session or CSRF
  // token (the signature proves the sender), and must not be throttled like a browser.
  // Its failed signatures are counted per client, in the store every process shares.
  app.use('/api', stripeWebhookRoutes(context, shared));
  // The MCP server for AI assistants: outside /api, so no session and no CSRF token (MCP clients
  // have neither; its tools read public listings only), throttled with the reads of each client.
  app.use(mcpRoutes(context, limits, costs));

  const api = express.Router();
  // The public reads say CORS before the limiter runs, so a page elsewhere can read a 429 too
  // (and its Retry-After) instead of seeing a failed fetch.
  api.get(PUBLIC_READ_PATHS, allowAnyOrigin);
  // A valid employer API key is charged its own budget (and its work queued under it) rather than
  // its address's: found before the limits count the request.
  api.use(API_KEY_PATHS, identifyApiKey(context));
  api.use(limits.reads, limits.writes);
  // Agents' logos (issue 25): public pictures, needing no session or body parser.
  api.use(logoFileRoutes(context));
  const json = express.json({ limit: '100kb' });
  api.use((req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD' ? next() : json(req, res, next),
  );
  // Staff have sessions of their own (cookie, timeouts, CSRF token): mounted before the users' ones.
  api.use(
    '/admin',
    adminRoutes(context, { login: limits.login, account: accounts.admin, code: accounts.adminCode }),
  );
  api.use(
    sessions({ secret: context.sessionSecret, secureCookies: httpsOnly, repository: context.store.sessions }),
  );
  const csrf = userCsrf({ secret: context.sessionSecret, secureCookies: httpsOnly });
  // Passport reads the session; without one (anonymous reads) there is nothing for it to do.
  const passportInit = context.passport.initialize();
  const passportSession = context.passport.session();
  api.use((req, res, next) =>
    req.session ? passportInit(req, res, () => passportSession(req, res, next)) : next(),
  );
  // An employer API key (Authorization: Bearer) acts for its account on the employer tools.
  api.use(API_KEY_PATHS, apiKeyAuth);
  api.use(csrf.guard([...CSRF_EXEMPT, ...ANONYMOUS_EVENTS]));
  // The most asked reads first: every router a request passes tests each of its routes against
  // the path, and searches went past eight of them (the router was the largest cost of a cached
  // search in issue 24's profile). No router below defines these paths.
  api.use(searchRoutes(context, costs));
  api.use(instantSearchRoutes(context, costs));
  api.use(authRoutes(context, { ...limits, account: accounts.user }, csrf));
  api.use(registrationRoutes(context, limits));
  api.use(catalogRoutes(context));
  api.use(usersRoutes(context, limits, csrf));
  api.use(ownLogoRoutes(context));
  api.use(employerRoutes(context, costs));
  api.use(subscriptionsRoutes(context));
  api.use(testCheckoutRoutes(context));
  api.use(providersRoutes(context));
  api.use(analyticsRoutes(context));
  // Trust (issue 26): verified domains and claims, reviews, site checks, the public signals.
  api.use(verificationRoutes(context));
  api.use(reviewsRoutes(context));
  api.use(siteCheckRoutes(context));
  api.use(signalsRoutes(context));
  // The home page's new, verified and well-reviewed agents (issue 25).
  api.use(showcaseRoutes(context));
  api.use(docsRoutes());
  api.use(apiNotFound);
  app.use('/api', api);
  app.use(webRoutes(context, { reads: limits.pageReads, costs, inFlight: () => inFlight.size }));

  app.use(errorHandler(logger));
  return app;
}
