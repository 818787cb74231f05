import { searchDocument } from '../../contract';
import { setFeatures } from '../../query/features';
import { EmbeddedSearchEngine } from '../embedded-engine';
import { useMeaningModel } from './meaning-factors';

// The `meaning` hook (issue 27): a registered model's factors re-order the ranking window as the
// catalog's intent does; the matches and the count stay. Off by default: a registered model is
// not read until the feature is on.

describe('a model of meaning in the ranking window', () => {
  afterEach(() => {
    setFeatures({});
    useMeaningModel(undefined);
  });

  it('re-orders the window by its factors only when the feature is on, leaving matches and count', async () => {
    const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
    await engine.apply({
      upserts: [
        searchDocument('a', {
          name: 'Ledger',
          role: 'Bookkeeper',
          description: 'Budget budget budget reports.',
        }),
        searchDocument('b', {
          name: 'Planner',
          role: 'Event planner',
          description: 'Plans weddings within a budget and more.',
        }),
      ],
      deletes: [],
      checkpoint: 1,
    });
    const names = async () => (await engine.search({ query: 'budget' })).hits.map((hit) => hit.document.name);
    const before = await engine.search({ query: 'budget' });
    expect(before.hits.map((hit) => hit.document.name)).toEqual(['Ledger', 'Planner']);
    const seen: string[] = [];
    useMeaningModel({
      factors(index, query, candidates) {
        seen.push(query);
        return Float64Array.from(candidates, ({ n }) => (index.idOf(n) === 'b' ? 10 : 1));
      },
    });
    expect(await names()).toEqual(['Ledger', 'Planner']);
    expect(seen).toEqual([]);
    setFeatures({ meaning: true });
    const after = await engine.search({ query: 'budget' });
    expect(after.hits.map((hit) => hit.document.name)).toEqual(['Planner', 'Ledger']);
    expect(seen).toContain('budget');
    expect(after.matchCount).toBe(before.matchCount);
    expect(after.hits.map((hit) => hit.why?.match)).toEqual(
      ['Planner', 'Ledger'].map((name) => before.hits.find((hit) => hit.document.name === name)!.why?.match),
    );
    await engine.close();
  });
});
