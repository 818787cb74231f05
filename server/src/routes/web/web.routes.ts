import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { AgentIdParams, DirectoryQuery } from '@agentry/domain/contract/catalog';
import type { FirstView } from '@agentry/domain/first-view';
import { providerPageNumber } from '@agentry/domain/provider-page';
import type { LegalKind } from '@agentry/domain/seo';
import { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { RequestCosts } from '../../http/request-costs';
import { StoreVersionCache } from '../../http/store-version-cache';
import {
  ACCOUNT_PATHS,
  AGENT_PATH,
  DIRECTORY_PATH,
  FOR_AI_ASSISTANTS_PATH,
  HOME_PATH,
  LEGAL_PATHS,
  PROVIDER_PATH,
} from './client-routes';
import { compressedAssets, preferredEncoding } from './compressed-assets';
import { directoryChoiceOf } from './directory-first-view';
import { createFirstViews } from './first-view';
import { readIndexTemplate, routePreloads, withFirstView, withHeadLinks } from './index-template';
import { createPageRenderer } from './page-html';
import { renderRobotsTxt } from './robots';
import { lazyServerRenderer, RENDER_SKIPPED_TIMING, RENDER_UNTIL_IN_FLIGHT } from './server-render';
import {
  planSitemap,
  renderAgentsSitemap,
  renderPagesSitemap,
  renderSitemapIndex,
  SITEMAP_PAGES_PATH,
  type SitemapPlan,
} from './sitemap';
import { CACHE_HTML, staticFiles } from './static-files';
import { wellKnownRoutes } from './well-known';

// The web app: the built client's files, index.html with per-page meta for the client's routes,
// the sitemap and robots.txt. Mounted after the API; without a client build (API-only tests) it
// adds only /.well-known/ (the MCP server it describes needs no client).

const CACHE_CRAWLER_FILES = 'public, max-age=3600';
/** Provider pages follow subscriptions, which change no agent (the cache's version): rebuild now and then too. */
const SITEMAP_MAX_AGE_MS = 10 * 60 * 1000;

const gzip = promisify(gzipCallback);

/**
 * A page, gzipped for browsers that take it (its first view's data makes it tens of kilobytes, a
 * few hundred milliseconds on a slow mobile network). Pages may carry the first view's answers,
 * which are public, but must be revalidated on every visit (CACHE_HTML).
 */
async function sendHtml(req: Request, res: Response, html: string, status = 200) {
  res.status(status).set('Cache-Control', CACHE_HTML).type('html').vary('Accept-Encoding');
  if (preferredEncoding(req.headers['accept-encoding'], { gzip: true }) !== 'gzip') {
    res.send(html);
    return;
  }
  res.set('Content-Encoding', 'gzip').send(await gzip(html, { level: 6 }));
}

/** The home page's search query from ?query=, trimmed as the client trims it. */
const homeQueryOf = (req: Request) => (typeof req.query.query === 'string' ? req.query.query.trim() : '');

export interface WebRouteLimits {
  /** The read limit of the API: every page rendered for its address counts as one (the bare home page is kept). */
  reads: RequestHandler;
  costs: RequestCosts;
  /** Requests this process holds (http/in-flight.ts): past RENDER_UNTIL_IN_FLIGHT pages go unrendered. */
  inFlight?: () => number;
}

export function webRoutes(context: AppContext, limits: WebRouteLimits): Router {
  const { config, store, clientDist } = context;
  const router = Router();
  const origin = config.publicUrl;
  router.use(wellKnownRoutes(origin));
  if (!clientDist) return router;
  const pages = createPageRenderer(store, readIndexTemplate(clientDist), origin);
  const firstViews = createFirstViews(context, limits.costs);
  // The one start.ts loads once the index is current, or one of our own (loaded by the first page).
  const renderer =
    context.serverRenderer !== undefined
      ? context.serverRenderer
      : lazyServerRenderer(clientDist, context.logger);
  // Pages rendered for their address go out unrendered while this process holds more than
  // RENDER_UNTIL_IN_FLIGHT requests (server-render.ts); the bare home page's kept rendering is a
  // lookup. Such a page says so in its Server-Timing (bench:load counts them).
  const inFlight = limits.inFlight ?? (() => 0);
  const renderFor = (req: Request, res: Response, view: FirstView) => {
    if (!renderer) return null;
    if (inFlight() > RENDER_UNTIL_IN_FLIGHT) {
      res.append('Server-Timing', `${RENDER_SKIPPED_TIMING};desc="busy"`);
      return null;
    }
    return renderer.render(req.originalUrl, view);
  };
  // The bare home page's rendering changes only with its answers (the storefront): kept for them.
  let renderedHome: { key: string; html: string | null } | null = null;
  const renderHome = async (req: Request, res: Response, view: FirstView) => {
    if (!renderer) return null;
    // A search, a role view (?role=…&category=…) or any other query: rendered for its address.
    if (view.search || req.originalUrl !== '/') return renderFor(req, res, view);
    const key = JSON.stringify(view);
    if (renderedHome?.key !== key) renderedHome = { key, html: await renderer.render('/', view) };
    return renderedHome.html;
  };
  // The agent, directory and provider pages are lazy routes: their modules and styles come with
  // the HTML, not after the entry.
  const agentPreloads = routePreloads(clientDist, 'src/app/routes/agent.tsx');
  const directoryPreloads = routePreloads(clientDist, 'src/app/routes/directory.tsx');
  const providerPreloads = routePreloads(clientDist, 'src/app/routes/provider.tsx');
  // The plan (where each part of the agents starts) and the parts, kept until the catalog changes.
  const sitemapPlans = new StoreVersionCache<SitemapPlan>(store, 1, SITEMAP_MAX_AGE_MS);
  const sitemapFiles = new StoreVersionCache<string>(store, 2, SITEMAP_MAX_AGE_MS);
  const sitemapParts = new StoreVersionCache<string[] | null>(store, 100, SITEMAP_MAX_AGE_MS);
  const sitemapPlan = () => sitemapPlans.get('plan', () => planSitemap(store));
  const sendXml = (res: Response, pieces: readonly string[]) => {
    res.set('Cache-Control', CACHE_CRAWLER_FILES).type('application/xml');
    for (const piece of pieces) res.write(piece);
    res.end();
  };
  const robots = renderRobotsTxt(origin);

  // The raw file carries the build's default meta; the page route fills in the real one.
  router.get('/index.html', (_req, res) => res.redirect(301, '/'));
  router.use(compressedAssets(clientDist));
  router.use(staticFiles(clientDist));
  // A bundle that is not there (an old build's, say) must fail as a 404, never turn into a page.
  router.use('/assets', (_req, _res, next) => next(notFound('No such file')));

  // Every page rendered for its address (React's server rendering of its first view, the store's
  // reads behind it) is counted as one read, as the API's answers are: agent, provider and directory
  // pages were free, and one client had 800 agent pages rendered in 12 s where the API refuses its
  // 601st read of a minute (SECURITY.md, "Session 13"). The bare home page is rendered once for its
  // storefront and kept (renderHome), so it costs a lookup and is not counted; with a query string
  // (?query= is a search) it is rendered for its address and counted.
  const readsWhenRendered: RequestHandler = (req, res, next) =>
    req.originalUrl === '/' ? next() : limits.reads(req, res, next);
  router.get(HOME_PATH, readsWhenRendered, async (req, res) => {
    const view = await firstViews.home(req, homeQueryOf(req));
    await sendHtml(req, res, withFirstView(pages.home(), view, await renderHome(req, res, view)));
  });
  // The directory's first view (issue 25): a role's page is a search; every one is rendered.
  router.get(DIRECTORY_PATH, limits.reads, async (req, res) => {
    const choice = directoryChoiceOf(req);
    const { status, pastLast, view } = await firstViews.directory(req, choice);
    const query = DirectoryQuery.safeParse(req.query);
    const html =
      status === 404 && !pastLast
        ? pages.directoryNotFound(choice)
        : await pages.directory(query.success ? query.data : {}, choice.page, pastLast);
    const rendered = await renderFor(req, res, view);
    await sendHtml(req, res, withHeadLinks(withFirstView(html, view, rendered), directoryPreloads), status);
  });
  router.get(AGENT_PATH, limits.reads, async (req, res) => {
    const id = String(req.params.id);
    // One read of the agent and its profile, for both the page's meta and its first view (each was
    // read twice, issue 24).
    const page = AgentIdParams.safeParse({ id }).success ? await firstViews.agentPage(id) : null;
    if (!page) return sendHtml(req, res, pages.agentNotFound(id), 404);
    const rendered = await renderFor(req, res, page.view);
    const html = withFirstView(pages.agentPage(page.answer), page.view, rendered);
    await sendHtml(req, res, withHeadLinks(html, agentPreloads));
  });
  router.get(FOR_AI_ASSISTANTS_PATH, (req, res) => sendHtml(req, res, pages.forAiAssistants()));
  for (const [kind, path] of Object.entries(LEGAL_PATHS) as Array<[LegalKind, string]>) {
    router.get(path, (req, res) => sendHtml(req, res, pages.legal(kind)));
  }
  for (const path of ACCOUNT_PATHS) {
    router.get(path, (req, res) => {
      // Links in e-mails carry one-time tokens in the query: no referrer may pass them on.
      res.set('Referrer-Policy', 'no-referrer');
      return sendHtml(req, res, pages.account(req.path));
    });
  }
  router.get(PROVIDER_PATH, limits.reads, async (req, res) => {
    const slug = String(req.params.slug);
    const pageNumber = providerPageNumber(req.query.page);
    const { page, view } = await firstViews.provider(slug, pageNumber);
    const { status, html } = pages.provider(slug, page, pageNumber);
    const rendered = await renderFor(req, res, view);
    await sendHtml(req, res, withHeadLinks(withFirstView(html, view, rendered), providerPreloads), status);
  });

  router.get('/sitemap.xml', async (_req, res) => {
    const index = await sitemapFiles.get('index', async () =>
      renderSitemapIndex(origin, await sitemapPlan()),
    );
    sendXml(res, [index]);
  });
  router.get(SITEMAP_PAGES_PATH, async (_req, res) => {
    const pages = await sitemapFiles.get('pages', async () =>
      renderPagesSitemap(origin, store, await sitemapPlan()),
    );
    sendXml(res, [pages]);
  });
  router.get(/^\/sitemap-agents-([1-9]\d{0,5})\.xml$/, async (req, res, next) => {
    const part = Number(req.params[0]);
    // Checked against the plan first, so that made-up part numbers cannot crowd the cache.
    if (part > (await sitemapPlan()).parts.length) {
      next(notFound('No such sitemap'));
      return;
    }
    const pieces = await sitemapParts.get(`agents-${part}`, async () =>
      renderAgentsSitemap(origin, store, await sitemapPlan(), part),
    );
    if (pieces) sendXml(res, pieces);
    else next(notFound('No such sitemap'));
  });
  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', CACHE_CRAWLER_FILES).type('text/plain').send(robots);
  });

  // Any unknown path: the app's "Page not found" with a real 404 (issue 25; the spec redirected to
  // /, which search engines read as a soft 404 and people as the home page under a wrong address).
  router.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD')
      sendHtml(req, res, pages.notFound(req.path), 404).catch(next);
    else next(notFound());
  });
  // A page address whose percent-encoding is broken (/agents/%E0%A4%A): the router cannot decode
  // its parameter (URIError). No page has that address, so a person gets the not-found page, as
  // for any other address, rather than the API's JSON 400.
  router.use(((error, req, res, next) => {
    if (error instanceof URIError && (req.method === 'GET' || req.method === 'HEAD'))
      sendHtml(req, res, pages.notFound(req.path), 404).catch(next);
    else next(error);
  }) satisfies ErrorRequestHandler);
  return router;
}
