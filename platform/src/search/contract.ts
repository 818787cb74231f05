import { normalizePricing } from '@agentry/domain/pricing';
import { FACET_VALUES_MAX } from '@agentry/domain/request-bounds';
import type { SearchDocument, SearchEngine, SearchRequest } from './port';

// The one behaviour every search engine must have. Each engine's test file calls this with a
// function that opens a fresh, empty index (and, for an engine that cannot do everything, what it can).

export function searchDocument(id: string, fields: Partial<SearchDocument> = {}): SearchDocument {
  const cost = fields.cost ?? 'Free';
  return {
    id,
    name: `Agent ${id}`,
    provider: 'Acme',
    category: 'Productivity',
    role: 'Personal Assistant',
    description: 'Helps with everyday work.',
    cost,
    address: `https://agent-${id}.example`,
    ...normalizePricing(cost),
    ...fields,
  };
}

const CATALOG: SearchDocument[] = [
  searchDocument('1', {
    name: 'InboxPilot',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Answers customer emails in Spanish and English from your help desk.',
    cost: '$29/month',
    provider: 'Northwind',
  }),
  searchDocument('2', {
    name: 'MinuteMaid',
    category: 'Productivity',
    role: 'Meeting Note Taker',
    description: 'Joins your calls, takes meeting notes and sends the action items.',
    cost: 'Freemium',
  }),
  searchDocument('3', {
    name: 'TalentHound',
    category: 'HR & Recruiting',
    role: 'Recruiter',
    description: 'Sources candidates and screens resumes for open roles.',
    cost: '$99/month',
  }),
  searchDocument('4', {
    name: 'LedgerLeaf',
    category: 'Finance',
    role: 'Bookkeeper',
    description: 'Categorises transactions and reconciles your accounts every night.',
    cost: 'Contact sales',
    provider: 'Northwind',
  }),
  searchDocument('5', {
    name: 'VoiceForge',
    category: 'Content & Media',
    role: 'Voice Actor',
    description: 'Text to speech with natural voices in 30 languages.',
    cost: '$5/month',
  }),
];

const ids = (response: { hits: Array<{ document: SearchDocument }> }) =>
  response.hits.map((hit) => hit.document.id);

/**
 * What an engine can do beyond plain matching; every engine with an index does all of it. A
 * store-backed engine (store-fallback/) matches the store's plain substrings: it forgives no typo,
 * knows no synonym and highlights nothing, so it is held to the rest of the contract only.
 */
export interface SearchCapabilities {
  typos: boolean;
  synonyms: boolean;
  highlight: boolean;
}

const EVERY_CAPABILITY: SearchCapabilities = { typos: true, synonyms: true, highlight: true };

export function describeSearchContract(
  name: string,
  openEngine: () => Promise<SearchEngine>,
  capabilities: Partial<SearchCapabilities> = {},
): void {
  const can = { ...EVERY_CAPABILITY, ...capabilities };
  /** A behaviour the engine cannot have is reported as skipped, not left out silently. */
  const itWhen = (capable: boolean) => (capable ? it : it.skip);
  describe(`Search contract: ${name}`, () => {
    let engine: SearchEngine;
    beforeEach(async () => {
      engine = await openEngine();
      await engine.apply({ upserts: CATALOG, deletes: [], checkpoint: 5 });
    });
    afterEach(async () => {
      await engine?.close();
    });

    it('records the change-log position of the last applied batch', async () => {
      expect(await engine.checkpoint()).toBe(5);
      expect(await engine.stats()).toEqual({ documents: 5, checkpoint: 5 });
    });

    it('finds an agent by its name', async () => {
      const response = await engine.search({ query: 'LedgerLeaf' });
      expect(ids(response)[0]).toBe('4');
    });

    it('finds agents by what they do, best match first', async () => {
      expect(ids(await engine.search({ query: 'answer customer emails in spanish' }))[0]).toBe('1');
      expect(ids(await engine.search({ query: 'meeting notes' }))[0]).toBe('2');
    });

    it('counts the matches, lists them first, and says of each hit whether it matched and what', async () => {
      const response = await engine.search({ query: 'take meeting notes in spanish' });
      expect(response.matchCount).toBeGreaterThan(0);
      expect(response.matchCount).toBeLessThanOrEqual(response.totalHits);
      expect(ids(response)[0]).toBe('2');
      const flags = response.hits.map((hit) => hit.why?.match);
      expect(flags.every((flag) => typeof flag === 'boolean')).toBe(true);
      expect(flags.filter(Boolean)).toHaveLength(Math.min(response.matchCount, response.hits.length));
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      expect(response.hits[0]!.why!.matched.map((part) => part.words).join(' ')).toMatch(/meeting notes/);
    });

    it('claims no match for made-up words', async () => {
      const response = await engine.search({ query: 'xyzzy qwerty' });
      expect(response.matchCount).toBe(0);
      expect(response.hits.every((hit) => hit.why?.match === false)).toBe(true);
    });

    it('has no floor when browsing: every hit counts', async () => {
      const response = await engine.search({ query: '', filters: { provider: ['Northwind'] } });
      expect(response.matchCount).toBe(response.totalHits);
    });

    itWhen(can.typos)('forgives a typo', async () => {
      expect(ids(await engine.search({ query: 'recriuter' }))).toContain('3');
    });

    it('completes the word being typed', async () => {
      expect(ids(await engine.search({ query: 'bookkee' }))).toContain('4');
    });

    itWhen(can.synonyms)('understands a synonym from the concept list', async () => {
      expect(ids(await engine.search({ query: 'accounting' }))).toContain('4');
      expect(ids(await engine.search({ query: 'hiring' }))).toContain('3');
    });

    it('filters by facet values, OR within a field and AND across fields', async () => {
      const response = await engine.search({
        query: '',
        filters: { provider: ['Northwind'], category: ['Finance', 'Customer Service'] },
      });
      expect(ids(response).sort()).toEqual(['1', '4']);
      const narrowed = await engine.search({
        query: '',
        filters: { provider: ['Northwind'], pricing: ['contact'] },
      });
      expect(ids(narrowed)).toEqual(['4']);
    });

    it('filters by monthly price', async () => {
      const response = await engine.search({ query: '', priceMonthly: { max: 30 } });
      expect(ids(response).sort()).toEqual(['1', '5']);
    });

    it('keeps strict price bounds strict: above 29 leaves out the agent at 29', async () => {
      const above = await engine.search({ query: '', priceMonthly: { min: 29, minExclusive: true } });
      expect(ids(above)).toEqual(['3']);
      const below = await engine.search({ query: '', priceMonthly: { max: 29, maxExclusive: true } });
      expect(ids(below)).toEqual(['5']);
      const at = await engine.search({ query: '', priceMonthly: { min: 29, max: 29 } });
      expect(ids(at)).toEqual(['1']);
      const between = await engine.search({
        query: '',
        priceMonthly: { min: 5, minExclusive: true, max: 99, maxExclusive: true },
      });
      expect(ids(between)).toEqual(['1']);
    });

    it('counts facets over every hit', async () => {
      const response = await engine.search({ query: '', facets: ['provider', 'pricing'] });
      expect(response.facets.provider).toEqual({ Northwind: 2, Acme: 3 });
      expect(response.facets.pricing).toEqual({ paid: 3, freemium: 1, contact: 1 });
      expect(response.totalHits).toBe(5);
    });

    it('answers each facet with the maxValuesPerFacet most counted values (issue 25)', async () => {
      const response = await engine.search({
        query: '',
        facets: ['provider', 'pricing'],
        maxValuesPerFacet: 1,
      });
      expect(response.facets.provider).toEqual({ Acme: 3 });
      expect(response.facets.pricing).toEqual({ paid: 3 });
      // Ties go by value, as InstantSearch's lists order them.
      const two = await engine.search({ query: '', facets: ['pricing'], maxValuesPerFacet: 2 });
      expect(two.facets.pricing).toEqual({ paid: 3, contact: 1 });
    });

    it('keeps a value filtered on in its facet past maxValuesPerFacet', async () => {
      const response = await engine.search({
        query: '',
        facets: ['pricing'],
        filters: { pricing: ['freemium', 'paid'] },
        maxValuesPerFacet: 1,
      });
      expect(response.facets.pricing).toEqual({ paid: 3, freemium: 1 });
    });

    it('answers at most FACET_VALUES_MAX values whatever maxValuesPerFacet asks', async () => {
      const many = Array.from({ length: FACET_VALUES_MAX + 5 }, (_, at) =>
        searchDocument(`m${at}`, { provider: `Maker ${String(at).padStart(3, '0')}` }),
      );
      await engine.apply({ upserts: many, deletes: [], checkpoint: 6 });
      for (const asked of [undefined, 1_000]) {
        const response = await engine.search({ query: '', facets: ['provider'], maxValuesPerFacet: asked });
        expect(Object.keys(response.facets.provider ?? {})).toHaveLength(FACET_VALUES_MAX);
        // The most counted is among them: Acme's three.
        expect(response.facets.provider?.Acme).toBe(3);
      }
    });

    it('counts a facet value that is also the name of an object property', async () => {
      await engine.apply({
        upserts: [
          searchDocument('p1', { provider: 'constructor' }),
          searchDocument('p2', { provider: '__proto__' }),
        ],
        deletes: [],
        checkpoint: 2,
      });
      const response = await engine.search({ query: '', facets: ['provider'] });
      expect(response.facets.provider?.constructor).toBe(1);
      expect(Object.entries(response.facets.provider ?? {})).toContainEqual(['__proto__', 1]);
    });

    describe('the facts of agent profiles (issue 28)', () => {
      // Three agents state facts; the five of the catalog state none.
      const PROFILED: SearchDocument[] = [
        searchDocument('p1', {
          name: 'DeskHelper',
          integrations: ['Slack', 'Zendesk'],
          languages: ['es', 'en'],
          deployment: ['cloud'],
          certifications: ['soc2'],
          free_trial: true,
          starting_price_monthly: 20,
        }),
        searchDocument('p2', {
          name: 'OpsHelper',
          integrations: ['Slack'],
          languages: ['de'],
          deployment: ['self_hosted', 'cloud'],
          free_trial: false,
          starting_price_monthly: 50,
        }),
        searchDocument('p3', {
          name: 'CrmHelper',
          integrations: ['HubSpot'],
          languages: ['es'],
          certifications: ['gdpr', 'soc2'],
          starting_price_monthly: 10,
        }),
      ];
      beforeEach(async () => {
        await engine.apply({ upserts: PROFILED, deletes: [], checkpoint: 6 });
      });
      const found = async (request: Omit<SearchRequest, 'query'>) =>
        ids(await engine.search({ query: '', hitsPerPage: 20, ...request })).sort();

      it('filters by a fact: any of its values asked for, every fact asked for, without regard to case', async () => {
        expect(await found({ filters: { integrations: ['Slack'], languages: ['es'] } })).toEqual(['p1']);
        expect(await found({ filters: { integrations: ['slack', 'HUBSPOT'] } })).toEqual(['p1', 'p2', 'p3']);
        expect(await found({ filters: { certifications: ['soc2'], deployment: ['cloud'] } })).toEqual(['p1']);
        expect(await found({ filters: { free_trial: ['true'] } })).toEqual(['p1']);
        expect(await found({ filters: { free_trial: ['false'] } })).toEqual(['p2']);
      });

      it('counts each stated value once per agent, and an agent that states nothing under no value', async () => {
        const response = await engine.search({
          query: '',
          facets: ['integrations', 'languages', 'deployment', 'certifications', 'free_trial'],
        });
        expect(response.totalHits).toBe(8);
        expect({ ...response.facets.integrations }).toEqual({ Slack: 2, Zendesk: 1, HubSpot: 1 });
        expect({ ...response.facets.languages }).toEqual({ es: 2, en: 1, de: 1 });
        expect({ ...response.facets.deployment }).toEqual({ cloud: 2, self_hosted: 1 });
        expect({ ...response.facets.certifications }).toEqual({ soc2: 2, gdpr: 1 });
        expect({ ...response.facets.free_trial }).toEqual({ true: 1, false: 1 });
      });

      it('counts the facts over the filtered hits', async () => {
        const response = await engine.search({
          query: '',
          filters: { integrations: ['Slack'] },
          facets: ['languages', 'integrations'],
        });
        expect({ ...response.facets.languages }).toEqual({ es: 1, en: 1, de: 1 });
        expect({ ...response.facets.integrations }).toEqual({ Slack: 2, Zendesk: 1 });
      });

      it('bounds the starting price per month; an agent stating none is outside every range', async () => {
        expect(await found({ startingPriceMonthly: { max: 20 } })).toEqual(['p1', 'p3']);
        expect(await found({ startingPriceMonthly: { min: 20, minExclusive: true } })).toEqual(['p2']);
        expect(await found({ startingPriceMonthly: { min: 0 } })).toEqual(['p1', 'p2', 'p3']);
      });

      it('fingerprints the facts, so a profile the index missed shows as stale', async () => {
        const before = (await engine.fingerprints()).get('p3');
        await engine.apply({
          upserts: [{ ...PROFILED[2]!, languages: ['es', 'fr'] }],
          deletes: [],
          checkpoint: 7,
        });
        expect((await engine.fingerprints()).get('p3')).not.toBe(before);
      });
    });

    it('pages through results', async () => {
      const first = await engine.search({ query: '', hitsPerPage: 2, page: 0, sort: 'name' });
      const second = await engine.search({ query: '', hitsPerPage: 2, page: 1, sort: 'name' });
      expect(ids(first)).toEqual(['1', '4']);
      expect(ids(second)).toEqual(['2', '3']);
      expect(first.totalHits).toBe(5);
    });

    it('sorts by monthly price with unpriced agents last', async () => {
      const response = await engine.search({ query: '', sort: 'price_asc' });
      expect(ids(response).slice(0, 3)).toEqual(['5', '1', '3']);
    });

    it('sorts newest first by listing time, documents without one last', async () => {
      await engine.apply({
        upserts: [
          { ...searchDocument('n1', { name: 'Older Listing' }), created_at: '2026-01-01T00:00:00.000Z' },
          { ...searchDocument('n2', { name: 'Newer Listing' }), created_at: '2026-06-01T00:00:00.000Z' },
        ],
        deletes: [],
        checkpoint: 6,
      });
      const order = ids(await engine.search({ query: '', sort: 'newest', hitsPerPage: 10 }));
      expect(order.slice(0, 2)).toEqual(['n2', 'n1']);
      expect(order).toHaveLength(7);
    });

    itWhen(can.highlight)('highlights the matched words', async () => {
      const response = await engine.search({ query: 'spanish emails', highlight: true });
      const description = response.hits[0]!.highlight!.description!;
      expect(description.parts.filter((part) => part.match).map((part) => part.text.toLowerCase())).toEqual([
        'emails',
        'spanish',
      ]);
      expect(description.parts.map((part) => part.text).join('')).toBe(CATALOG[0]!.description);
    });

    it('leaves out excluded ids', async () => {
      expect(ids(await engine.search({ query: '', excludeIds: ['1', '2', '3'] })).sort()).toEqual(['4', '5']);
    });

    it('applies upserts and deletes idempotently', async () => {
      const changed = { ...CATALOG[1]!, description: 'Now drafts sales proposals.' };
      await engine.apply({ upserts: [changed], deletes: ['5'], checkpoint: 7 });
      await engine.apply({ upserts: [changed], deletes: ['5', '404'], checkpoint: 7 });
      expect(ids(await engine.search({ query: 'sales proposals' }))).toEqual(['2']);
      expect(ids(await engine.search({ query: 'VoiceForge' }))).not.toContain('5');
      expect(await engine.stats()).toEqual({ documents: 4, checkpoint: 7 });
    });

    it('finds agents again after they were deleted and upserted back (an admin restore), even every agent', async () => {
      const everyId = CATALOG.map((document) => document.id);
      await engine.apply({ upserts: [], deletes: everyId, checkpoint: 6 });
      expect(ids(await engine.search({ query: 'VoiceForge' }))).toEqual([]);
      await engine.apply({ upserts: [CATALOG[4]!], deletes: [], checkpoint: 7 });
      expect(ids(await engine.search({ query: 'VoiceForge' }))).toEqual(['5']);
      await engine.apply({ upserts: CATALOG, deletes: [], checkpoint: 8 });
      expect(ids(await engine.search({ query: 'VoiceForge' }))).toEqual(['5']);
    });

    it('skips a batch whose starting position is no longer the index checkpoint', async () => {
      const result = await engine.apply({
        upserts: [searchDocument('8')],
        deletes: [],
        checkpoint: 9,
        expectCheckpoint: 4,
      });
      expect(result.skipped).toBe(true);
      expect(await engine.stats()).toEqual({ documents: 5, checkpoint: 5 });
      const next = await engine.apply({
        upserts: [searchDocument('8')],
        deletes: [],
        checkpoint: 9,
        expectCheckpoint: 5,
      });
      expect(next.skipped).toBeFalsy();
      expect(await engine.stats()).toEqual({ documents: 6, checkpoint: 9 });
    });

    it('rebuilds into a new index and swaps it in at once', async () => {
      const build = await engine.beginRebuild();
      await build.add([
        searchDocument('9', { name: 'Fresh Start', description: 'Only agent after the rebuild.' }),
      ]);
      expect(ids(await engine.search({ query: 'LedgerLeaf' }))).toEqual(['4']);
      await build.swap(42);
      expect(ids(await engine.search({ query: '' }))).toEqual(['9']);
      expect(await engine.checkpoint()).toBe(42);
    });

    it('never goes live half empty when two rebuilds overlap, whichever swaps first', async () => {
      const all = Array.from({ length: 40 }, (_, i) => searchDocument(`o${i}`, { name: `Overlap ${i}` }));
      // The second rebuild swaps while the first is still adding.
      const first = await engine.beginRebuild();
      const second = await engine.beginRebuild();
      await first.add(all.slice(0, 20));
      await second.add(all);
      await second.swap(50);
      await first.add(all.slice(20));
      await first.swap(49);
      expect(await engine.stats()).toMatchObject({ documents: 40 });
      // The first rebuild swaps while the second is still adding.
      const third = await engine.beginRebuild();
      const fourth = await engine.beginRebuild();
      await fourth.add(all.slice(0, 20));
      await third.add(all);
      await third.swap(51);
      await fourth.add(all.slice(20));
      await fourth.swap(52);
      expect(await engine.stats()).toEqual({ documents: 40, checkpoint: 52 });
      expect(ids(await engine.search({ query: 'Overlap 39' }))).toContain('o39');
      expect(ids(await engine.search({ query: 'Overlap 0' }))).toContain('o0');
    });

    it('keeps the live index when a rebuild is aborted', async () => {
      const build = await engine.beginRebuild();
      await build.add([searchDocument('9')]);
      await build.abort();
      expect(await engine.stats()).toEqual({ documents: 5, checkpoint: 5 });
    });

    it('fingerprints every document so a check can compare it with the store', async () => {
      const fingerprints = await engine.fingerprints();
      expect([...fingerprints.keys()].sort()).toEqual(['1', '2', '3', '4', '5']);
      const before = fingerprints.get('4');
      await engine.apply({ upserts: [{ ...CATALOG[3]!, cost: 'Free' }], deletes: [], checkpoint: 6 });
      expect((await engine.fingerprints()).get('4')).not.toBe(before);
    });

    it('ranks agents like a given one, leaving it out', async () => {
      await engine.apply({
        upserts: [
          searchDocument('6', {
            name: 'CountBot',
            category: 'Finance',
            role: 'Bookkeeper',
            description: 'Reconciles accounts and categorises transactions.',
          }),
        ],
        deletes: [],
        checkpoint: 6,
      });
      const response = await engine.search({ query: '', similarTo: '4', hitsPerPage: 3 });
      expect(ids(response)[0]).toBe('6');
      expect(ids(response)).not.toContain('4');
    });

    it('answers a ping', async () => {
      await expect(engine.ping()).resolves.toBeUndefined();
    });
  });
}
