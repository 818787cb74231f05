import type { PublicAgent } from './agent';
import type { AgentProfile } from './agent-profile';
import { publicTrust } from './agent-trust';
import { decodeEntities } from './html-entities';
import { withPageNumber } from './page-numbers';
import { offerPriceUsd } from './pricing';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from './product';
import { providerPageHref } from './provider-page';
import { isAccountPath } from './routes';

// Page meta (title, description, keywords, canonical link, social tags, JSON-LD) for the public
// pages. Pure functions: the client applies them to the live document, the server renders them
// into the `<!--seo:start-->…<!--seo:end-->` region of index.html for crawlers. Both must agree,
// so both build from here.

/** Structured directory data (JSON-LD ItemList) covers this many agents. */
export const DIRECTORY_STRUCTURED_DATA_COUNT = 10;

/** The product name (product.ts), under the name the page-meta builders have always used. */
export const SITE_NAME = PRODUCT_NAME;
export const ROBOTS_NOINDEX_TAG = '<meta name="robots" content="noindex" />';
export const SEO_REGION_START = '<!--seo:start-->';
export const SEO_REGION_END = '<!--seo:end-->';

const DESCRIPTION_MAX = 160;

export type JsonLd = Record<string, unknown>;
export type OgType = 'website' | 'product';
export type LegalKind = 'privacy' | 'terms' | 'ranking';

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  /** Path only ("/agents/42"); joined with the origin where an absolute URL is needed. */
  canonicalPath: string;
  ogType: OgType;
  jsonLd: JsonLd;
  /** Ask search engines not to index the page (account screens, pages that do not exist). */
  noindex?: boolean;
}

export interface DirectorySelection {
  category?: string | null;
  role?: string | null;
}

/** "https://example.org/" + "/directory" → "https://example.org/directory". */
export function absoluteUrl(origin: string, path: string): string {
  const base = origin.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Cuts at a word boundary and adds an ellipsis, so descriptions fit search-result snippets. */
export function truncateText(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}\u2026`;
}

export function buildHomeMeta(origin: string): PageMeta {
  const url = absoluteUrl(origin, '/');
  return {
    title: `${SITE_NAME}: ${PRODUCT_TAGLINE}`,
    description:
      'Describe a job in plain words and find the AI agents that do it. Search and browse a public directory of AI agents by category and by the role they fill.',
    keywords:
      'AI agents, AI agent marketplace, AI agent directory, find an AI agent, hire AI agents, AI tools',
    canonicalPath: '/',
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      url,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${absoluteUrl(origin, '/')}?query={search_term}`,
        'query-input': 'required name=search_term',
      },
    },
  };
}

/** The directory screen of a category, or of one role in a category, as a path with its query. */
export function directoryPath(selection: DirectorySelection, page = 1): string {
  const params = new URLSearchParams();
  if (selection.category) params.set('category', selection.category);
  if (selection.category && selection.role) params.set('role', selection.role);
  const query = params.toString();
  // Pages past the first of a category or a role (?page=N, issue 25) are addresses of their own.
  return query ? withPageNumber(`/directory?${query}`, page) : '/directory';
}

/**
 * `agents` are the first the page lists (the first DIRECTORY_STRUCTURED_DATA_COUNT suffice: the
 * ItemList covers no more); `total`, when known, is how many the whole selection holds
 * (numberOfItems, which schema.org counts over every page of a paged list). Page 2 on of a
 * category or a role (`?page=2`, issue 25) is its own address, canonical to itself, with its number
 * in the title, as a provider's pages are.
 */
export function buildDirectoryMeta(
  origin: string,
  agents: readonly Pick<PublicAgent, 'id' | 'name'>[],
  selection: DirectorySelection = {},
  total?: number,
  pageNumber = 1,
): PageMeta {
  const { category, role } = selection;
  const nth = category && pageNumber > 1 ? `, page ${pageNumber}` : '';
  const title =
    category && role
      ? `${role} agents in ${category}${nth} | ${SITE_NAME} directory`
      : category
        ? `${category} AI agents${nth} | ${SITE_NAME} directory`
        : `AI agent directory by category and role | ${SITE_NAME}`;
  const description =
    category && role
      ? `AI agents that work as or assist a ${role} in ${category}: compare what they do, who makes them and what they cost.`
      : category
        ? `Browse ${category} AI agents by the role they fill: compare what they do, who makes them and what they cost.`
        : 'Browse AI agents by category and by the human role they replace or assist: compare what they do, who makes them and what they cost.';
  const canonicalPath = directoryPath(selection, pageNumber);
  return {
    title,
    description,
    keywords: ['AI agent directory', category, role, 'AI agents by role', 'AI tools']
      .filter((word): word is string => Boolean(word))
      .join(', '),
    canonicalPath,
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: title,
      url: absoluteUrl(origin, canonicalPath),
      ...(total === undefined ? {} : { numberOfItems: total }),
      itemListElement: agents.slice(0, DIRECTORY_STRUCTURED_DATA_COUNT).map((agent, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: decodeEntities(agent.name),
        url: absoluteUrl(origin, `/agents/${encodeURIComponent(agent.id)}`),
      })),
    },
  };
}

/**
 * A category the directory does not list, or a role its category does not (issue 25): the server
 * answers it with 404 and noindex, and the page says so rather than showing an empty list.
 */
export function buildDirectoryNotFoundMeta(origin: string, selection: DirectorySelection): PageMeta {
  return {
    ...buildBasicPageMeta(origin, {
      title: `Not in the directory | ${SITE_NAME}`,
      description: `${SITE_NAME} lists no agents under this category or role.`,
      path: directoryPath(selection),
    }),
    noindex: true,
  };
}

/**
 * `profile`: the structured profile (issue 28), where schema.org has a property for a fact: the
 * stated starting price and currency make the offer, the tasks the featureList, the languages
 * inLanguage (IETF codes). The rest has no SoftwareApplication property and stays on the page.
 */
export function buildAgentMeta(origin: string, agent: PublicAgent, profile?: AgentProfile | null): PageMeta {
  const name = decodeEntities(agent.name);
  const provider = decodeEntities(agent.provider);
  const description = decodeEntities(agent.description);
  const canonicalPath = `/agents/${encodeURIComponent(agent.id)}`;
  const price = offerPriceUsd(agent.cost);
  const trust = publicTrust(agent);
  return {
    title: `${name} by ${provider}: ${agent.role} AI agent | ${SITE_NAME}`,
    description: truncateText(description),
    keywords: [name, provider, agent.category, agent.role, 'AI agent'].join(', '),
    canonicalPath,
    ogType: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name,
      description,
      applicationCategory: agent.category,
      url: absoluteUrl(origin, canonicalPath),
      // A verified provider's site is the domain it proved control of (issue 26).
      provider: {
        '@type': 'Organization',
        name: provider,
        ...(trust.verified_domain ? { url: `https://${trust.verified_domain}` } : {}),
      },
      offers: offerOf(price, profile),
      ...(profile && profile.tasks.length > 0 ? { featureList: profile.tasks } : {}),
      ...(profile && profile.languages.length > 0 ? { inLanguage: profile.languages } : {}),
      // Only from RATING_SHOWN_FROM reviews, as the page shows it: then and only then.
      ...(trust.rating_average === null
        ? {}
        : {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: trust.rating_average,
              ratingCount: trust.rating_count,
              bestRating: 5,
              worstRating: 1,
            },
          }),
    },
  };
}

function offerOf(costPrice: string | null, profile: AgentProfile | null | undefined): JsonLd {
  if (profile?.starting_price != null && profile.currency) {
    return { '@type': 'Offer', price: String(profile.starting_price), priceCurrency: profile.currency };
  }
  return { '@type': 'Offer', ...(costPrice === null ? {} : { price: costPrice }), priceCurrency: 'USD' };
}

/** An agent that is not listed (unknown or removed): the server answers it with 404 and noindex. */
export function buildAgentNotFoundMeta(origin: string, id: string): PageMeta {
  return buildBasicPageMeta(origin, {
    title: `Agent not found | ${SITE_NAME}`,
    description: `This agent is not listed on ${SITE_NAME}.`,
    path: `/agents/${encodeURIComponent(id)}`,
  });
}

export interface ProviderPageData {
  /** The organization's name. */
  name: string;
  slug: string;
  website: string | null;
  /** The agents of the page shown (one page of them). */
  agents: readonly PublicAgent[];
  /** How many agents the provider lists in all. */
  total: number;
}

/**
 * A subscribed provider's page: Organization structured data with their site and their agents.
 * Page 2 on (`?page=2`, issue 25) is its own address, canonical to itself, with its number in the
 * title, so each page of a provider's agents can be found and none reads as a copy of the first.
 */
export function buildProviderMeta(origin: string, page: ProviderPageData, pageNumber = 1): PageMeta {
  const name = decodeEntities(page.name);
  const canonicalPath = providerPageHref(page.slug, pageNumber);
  const count = page.total;
  const roles = [...new Set(page.agents.map((agent) => agent.role))].slice(0, 3);
  const description = truncateText(
    `${name} on ${SITE_NAME}: ${count} AI agent${count === 1 ? '' : 's'}${roles.length > 0 ? ` (${roles.join(', ')})` : ''}${pageNumber > 1 ? `, page ${pageNumber}` : ''}.`,
  );
  return {
    title: `${name}: AI agents${pageNumber > 1 ? `, page ${pageNumber}` : ''} | ${SITE_NAME}`,
    description,
    keywords: [name, ...roles, 'AI agents'].join(', '),
    canonicalPath,
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name,
      url: absoluteUrl(origin, providerPageHref(page.slug, 1)),
      ...(page.website ? { sameAs: [page.website] } : {}),
      description,
      makesOffer: page.agents.slice(0, DIRECTORY_STRUCTURED_DATA_COUNT).map((agent) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'SoftwareApplication',
          name: decodeEntities(agent.name),
          applicationCategory: agent.category,
          url: absoluteUrl(origin, `/agents/${encodeURIComponent(agent.id)}`),
        },
      })),
    },
  };
}

const LEGAL_PAGES: Record<LegalKind, { title: string; description: string; path: string }> = {
  privacy: {
    title: `Privacy policy | ${SITE_NAME}`,
    description: `How ${SITE_NAME} collects, uses and protects your information, and how to reach us about it.`,
    path: '/privacy',
  },
  terms: {
    title: `Terms of service | ${SITE_NAME}`,
    description: `The terms for using ${SITE_NAME}: listings, subscriptions, billing, cancellation and disputes.`,
    path: '/terms',
  },
  ranking: {
    title: `How ranking works | ${SITE_NAME}`,
    description: `How ${SITE_NAME} orders search results and its public lists: paying never moves an agent; verified domains, site health and reviews do, as written here.`,
    path: '/ranking-policy',
  },
};

const LEGAL_KEYWORDS: Record<LegalKind, string> = {
  privacy: 'privacy policy',
  terms: 'terms of service',
  ranking: 'ranking policy, search ranking, verified providers, reviews',
};

/** A plain page (legal pages, pages still to come): WebPage structured data, no keywords of note. */
export function buildBasicPageMeta(
  origin: string,
  page: { title: string; description: string; path: string; keywords?: string },
): PageMeta {
  return {
    title: page.title,
    description: page.description,
    keywords: page.keywords ?? SITE_NAME,
    canonicalPath: page.path,
    ogType: 'website',
    noindex: isAccountPath(page.path),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: page.title,
      description: page.description,
      url: absoluteUrl(origin, page.path),
      isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: absoluteUrl(origin, '/') },
    },
  };
}

/** Any address that is no page of the site (issue 25: a real 404, not the home page under it). */
export function buildPageNotFoundMeta(origin: string, path: string): PageMeta {
  return {
    ...buildBasicPageMeta(origin, {
      title: `Page not found | ${SITE_NAME}`,
      description: `There is no page at this address on ${SITE_NAME}.`,
      path,
    }),
    noindex: true,
  };
}

export function buildLegalMeta(origin: string, kind: LegalKind): PageMeta {
  const page = LEGAL_PAGES[kind];
  return buildBasicPageMeta(origin, {
    ...page,
    keywords: `${SITE_NAME}, ${LEGAL_KEYWORDS[kind]}`,
  });
}

/**
 * JSON for a `<script type="application/ld+json">` block. `<`, `>` and `&` are escaped as
 * \u003c etc. so text such as "</script>" in an agent description cannot end the block.
 */
export function serializeJsonLd(jsonLd: JsonLd): string {
  return JSON.stringify(jsonLd)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The tags of the SEO region (without the markers), one per line. The client updates these same
 * elements in place, so the selectors it uses must match what this renders.
 */
export function renderHeadTags(meta: PageMeta, origin: string): string {
  const url = absoluteUrl(origin, meta.canonicalPath);
  const metaName = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const metaProperty = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    metaName('description', meta.description),
    metaName('keywords', meta.keywords),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    metaProperty('og:site_name', SITE_NAME),
    metaProperty('og:type', meta.ogType),
    metaProperty('og:title', meta.title),
    metaProperty('og:description', meta.description),
    metaProperty('og:url', url),
    metaName('twitter:card', 'summary'),
    metaName('twitter:title', meta.title),
    metaName('twitter:description', meta.description),
    `<script type="application/ld+json" id="structured-data">${serializeJsonLd(meta.jsonLd)}</script>`,
    ...(meta.noindex ? [ROBOTS_NOINDEX_TAG] : []),
  ].join('\n');
}

/** Replaces what lies between the SEO markers of an HTML document; the markers stay. */
export function replaceSeoRegion(html: string, tags: string): string {
  const start = html.indexOf(SEO_REGION_START);
  const end = html.indexOf(SEO_REGION_END, start);
  if (start === -1 || end === -1) return html;
  return `${html.slice(0, start + SEO_REGION_START.length)}\n${tags}\n${html.slice(end)}`;
}
