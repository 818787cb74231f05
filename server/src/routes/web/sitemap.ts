import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { absoluteUrl } from '@agentry/domain/seo';
import type { Store } from '@agentry/platform/store/port';
import { DIRECTORY_PATH, FOR_AI_ASSISTANTS_PATH, HOME_PATH, LEGAL_PATHS } from './client-routes';

// The sitemap (sitemaps.org protocol) on the public origin, as a sitemap index and its parts:
// /sitemap.xml lists /sitemap-pages.xml (the public pages and subscribed providers' pages) and
// /sitemap-agents-1.xml, -2… (every listed agent, SITEMAP_CHUNK_URLS each, in the store's scan
// order). A part is built from the store's keyset scan a batch at a time, as one piece of XML per
// batch, never the catalog as one string; the event loop is given back between batches. The scans
// skip the agents' trust signals (five batched reads a batch, most of a batch's time on the request
// thread: issue 24's stalls), which a sitemap never shows.

/** URLs per part: well under the protocol's 50,000, so that no part is a large answer. */
export const SITEMAP_CHUNK_URLS = 10_000;
const SCAN_BATCH = 1000;
const WITHOUT_TRUST = { trust: false } as const;
const FIXED_PAGES = [
  HOME_PATH,
  DIRECTORY_PATH,
  FOR_AI_ASSISTANTS_PATH,
  LEGAL_PATHS.privacy,
  LEGAL_PATHS.terms,
  LEGAL_PATHS.ranking,
];
/** Provider pages share the pages part with the fixed pages, within one part's size. */
const SITEMAP_MAX_PROVIDERS = SITEMAP_CHUNK_URLS - FIXED_PAGES.length;

export const SITEMAP_PAGES_PATH = '/sitemap-pages.xml';
export const sitemapAgentsPath = (part: number) => `/sitemap-agents-${part}.xml`;

export interface SitemapEntry {
  path: string;
  /** ISO date-time of the last change, when known. */
  lastmod?: string;
}

/** Where each part of the agents starts in the scan, and the newest change in it. */
export interface SitemapPlan {
  /** Agents per part (SITEMAP_CHUNK_URLS but in tests). */
  partSize: number;
  parts: Array<{ afterId?: string; lastmod?: string }>;
  /** The newest change of any agent: the directory's lastmod. */
  newest?: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ?? character,
  );

function isoDate(value: string): string | undefined {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

const newer = (a: string | undefined, b: string | undefined) => (a && (!b || a > b) ? a : b);

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

/** `<url>` lines for the entries, one string. */
export function renderUrls(origin: string, entries: readonly SitemapEntry[]): string {
  return entries
    .map((entry) => {
      const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
      return `  <url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>\n`;
    })
    .join('');
}

/** A whole (small) urlset: the pages part, and tests. */
export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  return `${URLSET_OPEN}${renderUrls(origin, entries.slice(0, SITEMAP_CHUNK_URLS))}${URLSET_CLOSE}`;
}

export function renderSitemapIndex(origin: string, plan: SitemapPlan): string {
  const sitemaps = [
    { path: SITEMAP_PAGES_PATH, lastmod: plan.newest },
    ...plan.parts.map((part, index) => ({ path: sitemapAgentsPath(index + 1), lastmod: part.lastmod })),
  ].map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `  <sitemap><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</sitemap>\n`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...sitemaps,
    '</sitemapindex>\n',
  ].join('');
}

/**
 * One pass over the catalog's ids (a batch at a time) that finds where each part starts: the id
 * of the last agent of the part before it. Part n is then read from there without the others.
 */
export async function planSitemap(store: Store, partSize = SITEMAP_CHUNK_URLS): Promise<SitemapPlan> {
  const plan: SitemapPlan = { partSize, parts: [] };
  let inPart = partSize;
  let lastId: string | undefined;
  for await (const batch of store.agents.scan(SCAN_BATCH, undefined, WITHOUT_TRUST)) {
    for (const agent of batch) {
      if (inPart === partSize) {
        plan.parts.push({ afterId: lastId });
        inPart = 0;
      }
      const part = plan.parts[plan.parts.length - 1]!;
      const lastmod = isoDate(agent.updated_at);
      part.lastmod = newer(lastmod, part.lastmod);
      plan.newest = newer(lastmod, plan.newest);
      inPart += 1;
      lastId = agent.id;
    }
    await yieldToEventLoop();
  }
  return plan;
}

/** The pages part: the fixed public pages, then subscribed providers' pages. */
export async function renderPagesSitemap(origin: string, store: Store, plan: SitemapPlan): Promise<string> {
  const providers = await store.users.listSubscribedProviders(SITEMAP_MAX_PROVIDERS);
  return renderSitemap(origin, [
    ...FIXED_PAGES.map((path) => ({ path, lastmod: path === DIRECTORY_PATH ? plan.newest : undefined })),
    ...providers.map((provider) => ({
      path: `/providers/${encodeURIComponent(provider.slug ?? '')}`,
      lastmod: isoDate(provider.updated_at),
    })),
  ]);
}

/**
 * Part `part` (1-based) of the agents as pieces of XML, one per scan batch; null when the plan has
 * no such part.
 */
export async function renderAgentsSitemap(
  origin: string,
  store: Store,
  plan: SitemapPlan,
  part: number,
): Promise<string[] | null> {
  const start = plan.parts[part - 1];
  if (!start) return null;
  const pieces = [URLSET_OPEN];
  let left = plan.partSize;
  for await (const batch of store.agents.scan(Math.min(SCAN_BATCH, left), start.afterId, WITHOUT_TRUST)) {
    const agents = batch.slice(0, left);
    pieces.push(
      renderUrls(
        origin,
        agents.map((agent) => ({
          path: `/agents/${encodeURIComponent(agent.id)}`,
          lastmod: isoDate(agent.updated_at),
        })),
      ),
    );
    left -= agents.length;
    if (left === 0) break;
    await yieldToEventLoop();
  }
  pieces.push(URLSET_CLOSE);
  return pieces;
}
