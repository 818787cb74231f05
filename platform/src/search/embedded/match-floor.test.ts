import { searchDocument } from '../contract';
import { setFeatures } from '../query/features';
import { EmbeddedSearchEngine } from './embedded-engine';

// The match floor as a visitor meets it: the count is of the agents that match, weaker ones come
// after them marked as related, made-up words match nothing, and "qwerty" is not read as "query".

async function engineWith(documents: ReturnType<typeof searchDocument>[]) {
  const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 1 });
  return engine;
}

const catalog = [
  searchDocument('1', {
    name: 'Digest',
    role: 'Research Assistant',
    description: 'Summarises research papers into short briefs.',
  }),
  searchDocument('2', {
    name: 'Papers',
    role: 'Academic Researcher',
    description: 'A reference manager for organising and citing papers.',
  }),
  searchDocument('3', {
    name: 'Query Fast',
    role: 'Data Analyst',
    description: 'Writes SQL queries for you.',
  }),
  searchDocument('4', { name: 'Tabula', role: 'Data Analyst', description: 'Cleans spreadsheets.' }),
  ...Array.from({ length: 12 }, (_, i) =>
    searchDocument(`f${i}`, { name: `Filler ${i}`, description: `Helps with papers number ${i}.` }),
  ),
];

describe('the match floor (embedded engine)', () => {
  let engine: EmbeddedSearchEngine;
  beforeAll(async () => {
    engine = await engineWith(catalog);
  });
  afterAll(() => engine.close());

  it('counts the agents that match, and lists those sharing one everyday word after them as related', async () => {
    const response = await engine.search({ query: 'summarise research papers', hitsPerPage: 20 });
    expect(response.hits[0]!.document.name).toBe('Digest');
    expect(response.matchCount).toBeLessThan(response.totalHits);
    const flags = response.hits.map((hit) => hit.why?.match);
    // Matches first, then related agents, never mixed.
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(flags.filter(Boolean)).toHaveLength(response.matchCount);
    const filler = response.hits.find((hit) => hit.document.name === 'Filler 0');
    expect(filler?.why?.match).toBe(false);
  });

  it('claims no match for made-up words and a row of the keyboard, and does not read "qwerty" as "query"', async () => {
    for (const query of ['xyzzy qwerty', 'asdfghjkl', 'flibbertigibbet zorp']) {
      const response = await engine.search({ query });
      expect(response.matchCount).toBe(0);
      expect(response.hits.every((hit) => hit.why?.match === false)).toBe(true);
      expect(response.hits.map((hit) => hit.document.name)).not.toContain('Query Fast');
      expect(response.suggestions).toBeDefined();
    }
  });

  it('counts a product asked for by name as a match, and its alternatives as related', async () => {
    const response = await engine.search({ query: 'tabula' });
    expect(response.hits[0]).toMatchObject({
      document: { name: 'Tabula' },
      why: { match: true, name: true },
    });
    expect(response.matchCount).toBe(1);
    expect(response.hits.slice(1).every((hit) => hit.why?.alternativeTo === 'Tabula')).toBe(true);
  });

  it('says why each agent matched: the parts of the query, in its own words when they differ, and the role', async () => {
    const response = await engine.search({ query: 'summarise research papers' });
    expect(response.hits[0]!.why).toMatchObject({
      match: true,
      matched: [{ words: 'summarise research papers' }],
      missing: [],
      role: 'Research Assistant',
    });
  });

  it('keeps a sorted list to the matches, and counts facets over them', async () => {
    const response = await engine.search({
      query: 'summarise research papers',
      sort: 'name',
      facets: ['role'],
      hitsPerPage: 50,
    });
    expect(response.totalHits).toBe(response.matchCount);
    expect(response.hits.every((hit) => hit.why?.match)).toBe(true);
    const counted = Object.values(response.facets.role ?? {}).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(response.matchCount);
  });

  it('lists every agent as a match when browsing without words', async () => {
    const response = await engine.search({ query: '', filters: { role: ['Data Analyst'] } });
    expect(response.matchCount).toBe(2);
    expect(response.hits.every((hit) => hit.why === undefined)).toBe(true);
  });
});

describe('the match floor with its meaning check (meaningFloor, off by default)', () => {
  // Agents holding "games" or "analyze", each word spread over four roles; none knows "chess".
  const spread = [
    ['Sketch', 'Illustrator', 'Draws art for video games.'],
    ['Plot', 'Writer', 'Writes stories for games.'],
    ['Wiki', 'Knowledge Manager', 'Organises wiki pages about games.'],
    ['Playtest', 'QA Engineer', 'Finds bugs in games.'],
    ['Numbers', 'Data Analyst', 'Helps analyze sales numbers.'],
    ['Campaigns', 'Marketer', 'Helps analyze campaign results.'],
    ['Budget', 'Accountant', 'Helps analyze budgets.'],
    ['Survey', 'Researcher', 'Helps analyze survey answers.'],
  ].map(([name, role, description], i) => searchDocument(`m${i}`, { name, role, description }));
  let engine: EmbeddedSearchEngine;
  beforeAll(async () => {
    engine = await engineWith(spread);
  });
  afterAll(() => {
    setFeatures({});
    return engine.close();
  });

  it('lets a job no agent does claim no match, in relevance order and sorted, and leaves the rest as it was', async () => {
    setFeatures({});
    expect((await engine.search({ query: 'analyze my chess games' })).matchCount).toBeGreaterThan(0);
    setFeatures({ meaningFloor: true });
    const response = await engine.search({ query: 'analyze my chess games' });
    expect(response.matchCount).toBe(0);
    expect(response.hits.length).toBeGreaterThan(0);
    expect(response.hits.every((hit) => hit.why?.match === false)).toBe(true);
    expect(response.suggestions).toBeDefined();
    expect((await engine.search({ query: 'analyze my chess games', sort: 'name' })).matchCount).toBe(0);
    // A job the agents do, and a product asked for by name, still match.
    expect((await engine.search({ query: 'analyze sales numbers' })).hits[0]).toMatchObject({
      document: { name: 'Numbers' },
      why: { match: true },
    });
    expect((await engine.search({ query: 'playtest' })).matchCount).toBe(1);
  });
});
