import type { SearchEngine } from '../port';
import { ids, itWhen, type SearchCapabilities } from './catalog';

// Finding agents by their name and by what they do, saying honestly what matched: part of the
// search contract (describeSearchContract).

export function describeMatchingContract(engine: () => SearchEngine, can: SearchCapabilities): void {
  it('finds an agent by its name', async () => {
    const response = await engine().search({ query: 'LedgerLeaf' });
    expect(ids(response)[0]).toBe('4');
  });

  it('finds agents by what they do, best match first', async () => {
    expect(ids(await engine().search({ query: 'answer customer emails in spanish' }))[0]).toBe('1');
    expect(ids(await engine().search({ query: 'meeting notes' }))[0]).toBe('2');
  });

  it('counts the matches, lists them first, and says of each hit whether it matched and what', async () => {
    const response = await engine().search({ query: 'take meeting notes in spanish' });
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
    const response = await engine().search({ query: 'xyzzy qwerty' });
    expect(response.matchCount).toBe(0);
    expect(response.hits.every((hit) => hit.why?.match === false)).toBe(true);
  });

  it('has no floor when browsing: every hit counts', async () => {
    const response = await engine().search({ query: '', filters: { provider: ['Northwind'] } });
    expect(response.matchCount).toBe(response.totalHits);
  });

  itWhen(can.typos)('forgives a typo', async () => {
    expect(ids(await engine().search({ query: 'recriuter' }))).toContain('3');
  });

  it('completes the word being typed', async () => {
    expect(ids(await engine().search({ query: 'bookkee' }))).toContain('4');
  });

  itWhen(can.synonyms)('understands a synonym from the concept list', async () => {
    expect(ids(await engine().search({ query: 'accounting' }))).toContain('4');
    expect(ids(await engine().search({ query: 'hiring' }))).toContain('3');
  });
}
