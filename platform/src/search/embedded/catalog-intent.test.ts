import { searchDocument } from '../contract';
import { setFeatures } from '../query/features';
import { planQuery } from '../query/plan';
import { FEATURE_NAMES } from '../ranking/features';
import { CATALOG_INTENT, likelyClasses } from './catalog-intent';
import { EmbeddedSearchEngine } from './embedded-engine';
import { InvertedIndex } from './inverted-index';
import { explainSearch } from './ranker-input';
import { Scratch } from './scratch';

// Role and category intent learned from the catalog (catalogIntent), on by default since issue 27
// (BENCHMARKS.md). Off, the engine answers as it did before it.

// Three apiarists say what beekeeping is about; two agents share only "pollen" with the query
// below, so they are related agents, not matches: an allergist whose short text says it twice
// (first without intent) and an apiarist whose longer text says it once.
const catalog = () => [
  ...['Buzz', 'Comb', 'Drone'].map((name) =>
    searchDocument(name, {
      name,
      role: 'Apiarist',
      category: 'Farming',
      description: 'Beekeeping: hives, honey and pollen.',
    }),
  ),
  searchDocument('sneeze', {
    name: 'Sneeze',
    role: 'Allergist',
    category: 'Health',
    description: 'Pollen, pollen.',
  }),
  searchDocument('pal', {
    name: 'Pal',
    role: 'Apiarist',
    category: 'Farming',
    description: 'Counts the pollen a colony brings in each morning.',
  }),
];

async function engineWith(documents: ReturnType<typeof searchDocument>[]) {
  const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 1 });
  return engine;
}

describe('role and category intent from the catalog (catalogIntent)', () => {
  const settings = { ...CATALOG_INTENT };
  afterEach(() => {
    setFeatures({});
    Object.assign(CATALOG_INTENT, settings);
  });

  it("reads the query's likeliest role from the agents' own words", () => {
    const index = new InvertedIndex();
    index.load(catalog());
    const plan = planQuery('hives and honey', index.vocabulary.asVocabulary());
    const { roles } = likelyClasses(index, plan);
    const apiarist = [...index.roleEntries()].find((role) => role.role === 'Apiarist')!;
    expect(roles[0]![0]).toBe(apiarist.id);
    expect(roles[0]![1]).toBeGreaterThan(0.5);
  });

  it('puts the related agent of the likely role first, leaving the matches and the count as they were', async () => {
    const engine = await engineWith(catalog());
    const query = 'beekeeping hives honey pollen';
    setFeatures({ catalogIntent: false });
    const before = await engine.search({ query });
    const order = before.hits.map((hit) => hit.document.name);
    expect(order.indexOf('Sneeze')).toBeLessThan(order.indexOf('Pal'));
    setFeatures({ catalogIntent: true });
    const after = await engine.search({ query });
    const ordered = after.hits.map((hit) => hit.document.name);
    expect(ordered.indexOf('Pal')).toBeLessThan(ordered.indexOf('Sneeze'));
    expect(after.matchCount).toBe(before.matchCount);
    expect(new Set(ordered.slice(0, 3))).toEqual(new Set(order.slice(0, 3)));
    await engine.close();
  });

  it('changes nothing when no word of the query is in a role, category or description', async () => {
    const engine = await engineWith(catalog());
    setFeatures({ catalogIntent: false });
    const before = (await engine.search({ query: 'buzz' })).hits.map((hit) => hit.document.name);
    setFeatures({ catalogIntent: true });
    expect((await engine.search({ query: 'buzz' })).hits.map((hit) => hit.document.name)).toEqual(before);
    await engine.close();
  });

  it("reads a word no agent has through its concept's readings only when concepts weigh something", () => {
    const index = new InvertedIndex();
    index.load([
      ...['Desk', 'Ticket'].map((name) =>
        searchDocument(name, {
          name,
          role: 'Support Agent',
          category: 'Service',
          description: 'Customer support for your support tickets.',
        }),
      ),
      ...['Hello', 'Ring'].map((name) =>
        searchDocument(name, {
          name,
          role: 'Receptionist',
          category: 'Service',
          description: 'Phone answering at the front desk.',
        }),
      ),
    ]);
    // "helpdesk" is in no agent's text; its concept says "customer support", "support tickets", …
    const plan = planQuery('helpdesk', index.vocabulary.asVocabulary());
    CATALOG_INTENT.concepts = 0;
    expect(likelyClasses(index, plan).roles).toEqual([]);
    CATALOG_INTENT.concepts = 1;
    const support = [...index.roleEntries()].find((role) => role.role === 'Support Agent')!;
    expect(likelyClasses(index, plan).roles[0]![0]).toBe(support.id);
  });

  it("gives the learned ranker the query's probability of each candidate's role as a feature", () => {
    const index = new InvertedIndex();
    index.load(catalog());
    const explained = explainSearch(index, new Scratch(), 'beekeeping pollen');
    const { roles } = likelyClasses(index, explained.plan, 10);
    const probabilityOf = new Map(roles);
    const at = FEATURE_NAMES.indexOf('intentRole');
    const byScore = FEATURE_NAMES.indexOf('scoreByIntentRole');
    const relative = FEATURE_NAMES.indexOf('engineScore');
    expect(explained.candidates.length).toBeGreaterThan(1);
    explained.candidates.forEach((candidate, i) => {
      const features = explained.features[i]!;
      expect(features[at]).toBeCloseTo(probabilityOf.get(index.roleIds[candidate.n]!) ?? 0, 9);
      expect(features[byScore]).toBeCloseTo(features[relative]! * features[at]!, 9);
    });
  });
});
