import type { PublicAgent } from './agent';
import { EMPTY_PROFILE } from './agent-profile';
import {
  absoluteUrl,
  buildAgentMeta,
  buildAgentNotFoundMeta,
  buildBasicPageMeta,
  buildDirectoryMeta,
  buildHomeMeta,
  buildLegalMeta,
  buildProviderMeta,
  renderHeadTags,
  replaceSeoRegion,
  SEO_REGION_END,
  SEO_REGION_START,
  serializeJsonLd,
  truncateText,
} from './seo';

const ORIGIN = 'https://agentry.example';

function agent(overrides: Partial<PublicAgent> = {}): PublicAgent {
  return {
    id: '7',
    name: 'Q&amp;A Desk',
    provider: 'Fenwick &amp; Grove',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Answers &quot;where is my order&quot; questions.',
    cost: '$29/month',
    address: 'qa-desk.example',
    pricing: 'paid',
    price_monthly: 29,
    ...overrides,
  };
}

describe('absoluteUrl', () => {
  it('joins an origin with or without a trailing slash to a path', () => {
    expect(absoluteUrl('https://a.example/', '/directory')).toBe('https://a.example/directory');
    expect(absoluteUrl('https://a.example', 'terms')).toBe('https://a.example/terms');
  });
});

describe('truncateText', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(truncateText('  Short   text ')).toBe('Short text');
    const long = 'word '.repeat(60);
    const cut = truncateText(long, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('word\u2026')).toBe(true);
  });
});

describe('buildHomeMeta', () => {
  it('describes the site with a WebSite search action on /?query=', () => {
    const meta = buildHomeMeta(`${ORIGIN}/`);
    expect(meta.canonicalPath).toBe('/');
    expect(meta.ogType).toBe('website');
    expect(meta.title).toMatch(/Rolecall/);
    expect(meta.description.length).toBeGreaterThan(50);
    expect(meta.keywords).toMatch(/AI agents/);
    expect(meta.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Rolecall',
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${ORIGIN}/?query={search_term}`,
        'query-input': 'required name=search_term',
      },
    });
  });
});

describe('buildDirectoryMeta', () => {
  const agents = Array.from({ length: 14 }, (_, index) => ({
    id: String(index + 1),
    name: `Agent &amp; ${index + 1}`,
  }));

  it('lists only the first 10 agents as ListItems with decoded names and agent URLs', () => {
    const meta = buildDirectoryMeta(ORIGIN, agents);
    const items = meta.jsonLd.itemListElement as Array<Record<string, unknown>>;
    expect(meta.jsonLd['@type']).toBe('ItemList');
    expect(items).toHaveLength(10);
    expect(items[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      name: 'Agent & 1',
      url: `${ORIGIN}/agents/1`,
    });
    expect(items[9]).toMatchObject({ position: 10, url: `${ORIGIN}/agents/10` });
    expect(meta.canonicalPath).toBe('/directory');
  });

  it('names the chosen category and role and keeps them in the canonical path', () => {
    const meta = buildDirectoryMeta(ORIGIN, agents.slice(0, 2), {
      category: 'Data & Analytics',
      role: 'Analyst',
    });
    expect(meta.title).toMatch(/^Analyst agents in Data & Analytics/);
    expect(meta.canonicalPath).toBe('/directory?category=Data+%26+Analytics&role=Analyst');
    expect(meta.keywords).toContain('Analyst');
    expect(meta.jsonLd.itemListElement).toHaveLength(2);
  });

  it('gives the whole selection’s size as numberOfItems when it is known, however few agents are passed', () => {
    const meta = buildDirectoryMeta(ORIGIN, agents.slice(0, 10), {}, 40_000);
    expect(meta.jsonLd.numberOfItems).toBe(40_000);
    expect(meta.jsonLd.itemListElement).toHaveLength(10);
    expect(buildDirectoryMeta(ORIGIN, agents).jsonLd).not.toHaveProperty('numberOfItems');
  });

  it('ignores a role without a category in the canonical path', () => {
    expect(buildDirectoryMeta(ORIGIN, [], { role: 'Analyst' }).canonicalPath).toBe('/directory');
    expect(buildDirectoryMeta(ORIGIN, [], { category: 'Legal' }).title).toMatch(/^Legal AI agents/);
  });
});

describe('buildAgentMeta', () => {
  it('describes the agent as a SoftwareApplication with decoded text and a USD offer', () => {
    const meta = buildAgentMeta(ORIGIN, agent());
    expect(meta.title).toBe('Q&A Desk by Fenwick & Grove: Customer Support Agent AI agent | Rolecall');
    expect(meta.description).toBe('Answers "where is my order" questions.');
    expect(meta.canonicalPath).toBe('/agents/7');
    expect(meta.ogType).toBe('product');
    expect(meta.keywords).toContain('Customer Service');
    expect(meta.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Q&A Desk',
      description: 'Answers "where is my order" questions.',
      applicationCategory: 'Customer Service',
      url: `${ORIGIN}/agents/7`,
      provider: { '@type': 'Organization', name: 'Fenwick & Grove' },
      offers: { '@type': 'Offer', price: '29', priceCurrency: 'USD' },
    });
  });

  it('carries AggregateRating from 3 reviews on, and only then (issue 26)', () => {
    expect(buildAgentMeta(ORIGIN, agent({ rating_average: 4.5, rating_count: 2 })).jsonLd).not.toHaveProperty(
      'aggregateRating',
    );
    expect(
      buildAgentMeta(ORIGIN, agent({ rating_average: 4.333, rating_count: 3 })).jsonLd.aggregateRating,
    ).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      ratingCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("names a verified provider's proven domain as its site", () => {
    const meta = buildAgentMeta(ORIGIN, agent({ verified_domain: 'fenwick.example' }));
    expect(meta.jsonLd.provider).toEqual({
      '@type': 'Organization',
      name: 'Fenwick & Grove',
      url: 'https://fenwick.example',
    });
  });

  it('leaves the price out of the offer when the cost states no plain amount', () => {
    const meta = buildAgentMeta(
      ORIGIN,
      agent({ cost: 'Contact sales', pricing: 'contact', price_monthly: null }),
    );
    expect(meta.jsonLd.offers).toEqual({ '@type': 'Offer', priceCurrency: 'USD' });
  });

  it('prices free agents at 0 and shortens long descriptions for the meta tag only', () => {
    const long = 'Drafts replies. '.repeat(30);
    const meta = buildAgentMeta(ORIGIN, agent({ cost: 'Free', description: long }));
    expect(meta.jsonLd.offers).toEqual({ '@type': 'Offer', price: '0', priceCurrency: 'USD' });
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(meta.jsonLd.description).toBe(long);
  });
});

describe('buildAgentMeta with a structured profile', () => {
  it('takes the offer from the stated price and currency, the tasks as featureList and the languages as inLanguage', () => {
    const profile = {
      ...EMPTY_PROFILE,
      starting_price: 19.5,
      currency: 'EUR' as const,
      billing_period: 'month' as const,
      tasks: ['Answer tickets'],
      languages: ['en' as const, 'es' as const],
    };
    const meta = buildAgentMeta(ORIGIN, agent(), profile);
    expect(meta.jsonLd).toMatchObject({
      offers: { '@type': 'Offer', price: '19.5', priceCurrency: 'EUR' },
      featureList: ['Answer tickets'],
      inLanguage: ['en', 'es'],
    });
  });

  it('adds nothing for a profile that states nothing', () => {
    expect(buildAgentMeta(ORIGIN, agent(), EMPTY_PROFILE).jsonLd).toEqual(
      buildAgentMeta(ORIGIN, agent()).jsonLd,
    );
  });
});

describe('buildAgentNotFoundMeta', () => {
  it('titles an unlisted agent as not found, on its own (encoded) path', () => {
    const meta = buildAgentNotFoundMeta('https://agentry.example', 'a b');
    expect(meta.title).toBe('Agent not found | Rolecall');
    expect(meta.canonicalPath).toBe('/agents/a%20b');
    expect(meta.jsonLd['@type']).toBe('WebPage');
  });
});

describe('buildLegalMeta', () => {
  it.each([
    ['privacy', '/privacy', /Privacy policy/],
    ['terms', '/terms', /Terms of service/],
  ] as const)('gives the %s page its own title, canonical path and WebPage data', (kind, path, title) => {
    const meta = buildLegalMeta(ORIGIN, kind);
    expect(meta.title).toMatch(title);
    expect(meta.canonicalPath).toBe(path);
    expect(meta.jsonLd).toMatchObject({ '@type': 'WebPage', url: `${ORIGIN}${path}` });
  });
});

describe('buildBasicPageMeta', () => {
  it('builds a WebPage for any plain page', () => {
    const meta = buildBasicPageMeta(ORIGIN, {
      title: 'Sign in | Rolecall',
      description: 'Soon.',
      path: '/signin',
    });
    expect(meta).toMatchObject({ canonicalPath: '/signin', ogType: 'website', keywords: 'Rolecall' });
  });
});

describe('serializeJsonLd', () => {
  it('escapes characters that could close the script block', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script> & more' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & more' });
  });
});

describe('renderHeadTags and replaceSeoRegion', () => {
  it('renders every tag once with escaped attribute values', () => {
    const html = renderHeadTags(buildAgentMeta(ORIGIN, agent({ name: 'A "quoted" <b>name</b>' })), ORIGIN);
    expect(html).toContain('<title>A &#34;quoted&#34; &#60;b&#62;name&#60;/b&#62; by');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/agents/7" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<script type="application/ld+json" id="structured-data">{');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('replaces only what lies between the markers and keeps them', () => {
    const page = `<head><meta charset="utf-8">${SEO_REGION_START}<title>old</title>${SEO_REGION_END}</head>`;
    const out = replaceSeoRegion(page, '<title>new</title>');
    expect(out).toBe(
      `<head><meta charset="utf-8">${SEO_REGION_START}\n<title>new</title>\n${SEO_REGION_END}</head>`,
    );
    expect(replaceSeoRegion('<head></head>', '<title>x</title>')).toBe('<head></head>');
  });
});

describe('buildProviderMeta', () => {
  const agent = {
    id: '7',
    name: 'Ledger &amp; Co',
    provider: 'Acme',
    category: 'Finance',
    role: 'Bookkeeper',
    description: 'Keeps books.',
    cost: '$10/month',
    address: 'https://ledger.example',
    pricing: 'paid' as const,
    price_monthly: 10,
  };

  it('describes the provider as an Organization with its site and its agents', () => {
    const meta = buildProviderMeta('https://agentry.example', {
      name: 'Acme Labs',
      slug: 'acme-labs',
      website: 'https://acme.example',
      agents: [agent],
      total: 1,
    });
    expect(meta.canonicalPath).toBe('/providers/acme-labs');
    expect(meta.title).toBe('Acme Labs: AI agents | Rolecall');
    expect(meta.description).toBe('Acme Labs on Rolecall: 1 AI agent (Bookkeeper).');
    expect(meta.jsonLd).toMatchObject({
      '@type': 'Organization',
      name: 'Acme Labs',
      url: 'https://agentry.example/providers/acme-labs',
      sameAs: ['https://acme.example'],
      makesOffer: [{ itemOffered: { name: 'Ledger & Co', url: 'https://agentry.example/agents/7' } }],
    });
  });

  it('leaves sameAs out when the provider has no site', () => {
    const meta = buildProviderMeta('https://agentry.example', {
      name: 'A',
      slug: 'a',
      website: null,
      agents: [],
      total: 0,
    });
    expect(meta.jsonLd).not.toHaveProperty('sameAs');
  });

  it("counts every agent the provider lists, not the page's, and gives page 2 on its own address and title", () => {
    const data = { name: 'Acme Labs', slug: 'acme-labs', website: null, agents: [agent], total: 60 };
    expect(buildProviderMeta('https://agentry.example', data).description).toBe(
      'Acme Labs on Rolecall: 60 AI agents (Bookkeeper).',
    );
    const second = buildProviderMeta('https://agentry.example', data, 2);
    expect(second.canonicalPath).toBe('/providers/acme-labs?page=2');
    expect(second.title).toBe('Acme Labs: AI agents, page 2 | Rolecall');
    expect(second.description).toBe('Acme Labs on Rolecall: 60 AI agents (Bookkeeper), page 2.');
    // The organization is one, whichever page describes it.
    expect(second.jsonLd).toMatchObject({ url: 'https://agentry.example/providers/acme-labs' });
  });
});

describe('noindex', () => {
  it('marks account screens noindex and renders the robots tag for them only', () => {
    const signIn = buildBasicPageMeta('https://agentry.example', {
      title: 'Sign in',
      description: 'd',
      path: '/signin',
    });
    const privacy = buildBasicPageMeta('https://agentry.example', {
      title: 'P',
      description: 'd',
      path: '/privacy',
    });
    expect(signIn.noindex).toBe(true);
    expect(renderHeadTags(signIn, 'https://agentry.example')).toContain(
      '<meta name="robots" content="noindex" />',
    );
    expect(renderHeadTags(privacy, 'https://agentry.example')).not.toContain('robots');
  });
});
