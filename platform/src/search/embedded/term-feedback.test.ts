import { searchDocument } from '../contract';
import { setFeatures } from '../query/features';
import { EmbeddedSearchEngine } from './embedded-engine';
import { FEEDBACK_RECALL } from './feedback-recall';
import { FIELD_WEIGHTS, fieldSettings } from './fields';
import { InvertedIndex } from './inverted-index';
import { analysisSignature } from './snapshot/analysis-signature';
import { TERM_FEEDBACK } from './term-feedback';

// Two switches measured for issue 27 (BENCHMARKS.md): word feedback from the best matches
// (termFeedback, on since session 15) and fitted field weights (fittedFields, not kept). Off, the
// engine answers as before.

async function engineWith(documents: ReturnType<typeof searchDocument>[]) {
  const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 1 });
  return engine;
}

describe('word feedback (termFeedback)', () => {
  const settings = { ...TERM_FEEDBACK };
  afterEach(() => {
    setFeatures({});
    Object.assign(TERM_FEEDBACK, settings);
  });

  // Three beekeepers that also say "hives" and "honey", then two weaker matches: one has those
  // words too, the other does not (and comes first without feedback, its text being shorter).
  const catalog = () => [
    ...['Buzz', 'Comb', 'Drone'].map((name) =>
      searchDocument(name, { name, role: 'Beekeeper', description: 'Beekeeping: hives and honey.' }),
    ),
    searchDocument('w', { name: 'Wanderer', role: 'Travel planner', description: 'Beekeeping trips.' }),
    searchDocument('i', {
      name: 'Apiary',
      role: 'Farm assistant',
      description: 'Checks hives, weighs honey, orders jars and gives beekeeping tips.',
    }),
  ];

  it("moves a weaker match that shares the best matches' words up, leaving the matches and the count as they were", async () => {
    Object.assign(TERM_FEEDBACK, { top: 3, minDocuments: 2, words: 5, strength: 1 });
    setFeatures({ termFeedback: false });
    const engine = await engineWith(catalog());
    const before = await engine.search({ query: 'beekeeping' });
    const order = before.hits.map((hit) => hit.document.name);
    expect(order.indexOf('Wanderer')).toBeLessThan(order.indexOf('Apiary'));
    setFeatures({ termFeedback: true });
    const after = await engine.search({ query: 'beekeeping' });
    const fed = after.hits.map((hit) => hit.document.name);
    expect(fed.indexOf('Apiary')).toBeLessThan(fed.indexOf('Wanderer'));
    expect(after.matchCount).toBe(before.matchCount);
    expect(after.hits.map((hit) => hit.why?.match)).toEqual(before.hits.map((hit) => hit.why?.match));
    await engine.close();
  });

  it('changes nothing when the best matches share no word the query lacks', async () => {
    Object.assign(TERM_FEEDBACK, { top: 3, minDocuments: 3, words: 5, strength: 1 });
    setFeatures({ termFeedback: false });
    const engine = await engineWith(catalog().filter((document) => document.id !== 'Drone'));
    const before = (await engine.search({ query: 'beekeeping' })).hits.map((hit) => hit.document.name);
    setFeatures({ termFeedback: true });
    expect((await engine.search({ query: 'beekeeping' })).hits.map((hit) => hit.document.name)).toEqual(
      before,
    );
    await engine.close();
  });
});

describe("recall from the best matches' words (feedbackRecall)", () => {
  const settings = { ...FEEDBACK_RECALL };
  afterEach(() => {
    setFeatures({});
    Object.assign(FEEDBACK_RECALL, settings);
  });

  // Two beekeepers say "hives" and "honey"; Apiary says both but not "beekeeping"; Ledger says neither.
  const catalog = () => [
    ...['Buzz', 'Comb'].map((name) =>
      searchDocument(name, { name, role: 'Beekeeper', description: 'Beekeeping: hives and honey.' }),
    ),
    searchDocument('i', {
      name: 'Apiary',
      role: 'Farm assistant',
      description: 'Checks hives and weighs honey.',
    }),
    searchDocument('l', { name: 'Ledger', role: 'Accountant', description: 'Keeps your books.' }),
  ];

  it("lists an agent holding the matches' words among the related when few match, never as a match", async () => {
    Object.assign(FEEDBACK_RECALL, { minMatches: 2, maxMatches: 10, maxShare: 1, minWords: 2, after: 0 });
    const engine = await engineWith(catalog());
    const before = await engine.search({ query: 'beekeeping' });
    expect(before.hits.map((hit) => hit.document.name)).toEqual(['Buzz', 'Comb']);
    setFeatures({ feedbackRecall: true });
    const after = await engine.search({ query: 'beekeeping' });
    expect(after.hits.map((hit) => hit.document.name)).toEqual(['Buzz', 'Comb', 'Apiary']);
    expect(after.matchCount).toBe(before.matchCount);
    await engine.close();
    // Enough matches (a fresh engine: answers are cached): the related agents stay the typed words'.
    Object.assign(FEEDBACK_RECALL, { maxMatches: 2 });
    const many = await engineWith(catalog());
    expect((await many.search({ query: 'beekeeping' })).hits.map((hit) => hit.document.name)).toEqual([
      'Buzz',
      'Comb',
    ]);
    await many.close();
  });
});

describe('fitted field weights (fittedFields)', () => {
  afterEach(() => setFeatures({}));

  const nameWeight = () => {
    const index = new InvertedIndex();
    index.load([searchDocument('1', { name: 'Scribe', role: 'Writer', description: 'Writes.' })]);
    return index.postingsOf('scribe')!.values[0]!;
  };

  it('builds the index with the fitted settings, under another analysis signature', () => {
    const signature = analysisSignature();
    const weight = nameWeight();
    setFeatures({ fittedFields: true });
    expect(fieldSettings(true).weights.name).not.toBe(FIELD_WEIGHTS.name);
    expect(nameWeight()).not.toBe(weight);
    expect(analysisSignature()).not.toBe(signature);
    setFeatures({});
    expect(nameWeight()).toBe(weight);
    expect(analysisSignature()).toBe(signature);
  });
});
