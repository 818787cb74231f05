import { absoluteUrl } from '@agentry/domain/seo';
import type { Store } from '@agentry/platform/store/port';
import { DIRECTORY_PATH, HOME_PATH, LEGAL_PATHS } from './client-routes';

// /sitemap.xml (sitemaps.org protocol): the public pages and every listed agent, on the public
// origin. A single sitemap holds at most 50,000 URLs; past that the newest agents wait for a
// sitemap index, which the catalog does not need yet.

export const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_MAX_PROVIDERS = 10_000;
const SCAN_BATCH = 1000;

export interface SitemapEntry {
  path: string;
  /** ISO date-time of the last change, when known. */
  lastmod?: string;
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

export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.slice(0, SITEMAP_MAX_URLS).map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The pages first, then each agent not removed; the directory changes whenever an agent does. */
export async function sitemapEntries(store: Store): Promise<SitemapEntry[]> {
  const agents: SitemapEntry[] = [];
  let newest: string | undefined;
  for await (const batch of store.agents.scan(SCAN_BATCH)) {
    for (const agent of batch) {
      const lastmod = isoDate(agent.updated_at);
      if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
      agents.push({ path: `/agents/${encodeURIComponent(agent.id)}`, lastmod });
    }
    if (agents.length >= SITEMAP_MAX_URLS) break;
  }
  return [
    { path: HOME_PATH },
    { path: DIRECTORY_PATH, lastmod: newest },
    { path: LEGAL_PATHS.privacy },
    { path: LEGAL_PATHS.terms },
    ...(await providerEntries(store)),
    ...agents,
  ];
}

/** Subscribed providers' pages (the provider plan's dedicated page). */
async function providerEntries(store: Store): Promise<SitemapEntry[]> {
  const providers = await store.users.listSubscribedProviders(SITEMAP_MAX_PROVIDERS);
  return providers.map((provider) => ({
    path: `/providers/${encodeURIComponent(provider.slug ?? '')}`,
    lastmod: isoDate(provider.updated_at),
  }));
}
