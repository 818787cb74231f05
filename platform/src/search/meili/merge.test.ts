import { appendTier, looseAnswer, newHits, putNamedFirst, uniqueHits, withFacetCounts } from './merge';
import { answer, hit, idsOf } from './testing/hits';

const a = hit('a', { role: 'Recruiter', pricing: 'paid' });
const b = hit('b', { role: 'Recruiter', pricing: 'free' });
const c = hit('c', { role: 'Bookkeeper', pricing: 'free' });
const d = hit('d', { role: 'Video Editor', pricing: 'paid' });
const e = hit('e', { role: 'Video Editor', pricing: 'paid' });

describe('uniqueHits and newHits', () => {
  it('keeps each agent once, at its first place', () => {
    expect(idsOf({ hits: uniqueHits([a, b, a, c, b]) })).toEqual(['a', 'b', 'c']);
  });

  it('gives the hits another list does not hold, in their order', () => {
    expect(idsOf({ hits: newHits([a, b], [c, b, d, c]) })).toEqual(['c', 'd']);
  });
});

describe('withFacetCounts', () => {
  it('counts the added hits into a copy of the distribution, for the requested fields only', () => {
    const distribution = { role: { Recruiter: 2 } };
    const counted = withFacetCounts(distribution, [c, d, e], ['role', 'pricing']);
    expect(counted).toEqual({
      role: { Recruiter: 2, Bookkeeper: 1, 'Video Editor': 2 },
      pricing: { free: 1, paid: 2 },
    });
    expect(distribution).toEqual({ role: { Recruiter: 2 } });
    expect(withFacetCounts(undefined, [c], [])).toEqual({});
  });
});

describe('appendTier (second tier)', () => {
  it('appends the tier’s new hits after the first tier, up to the target, and counts exactly them', () => {
    const main = answer([a, b], { facetDistribution: { role: { Recruiter: 2 } } });
    const merged = appendTier(main, answer([b, c, a, d, e]), 4, ['role']);
    expect(idsOf(merged)).toEqual(['a', 'b', 'c', 'd']);
    expect(merged.totalHits).toBe(4);
    expect(merged.facetDistribution).toEqual({ role: { Recruiter: 2, Bookkeeper: 1, 'Video Editor': 1 } });
    expect(merged.processingTimeMs).toBe(2);
  });

  it('adds nothing when the tier finds only the first tier again', () => {
    const merged = appendTier(answer([a, b]), answer([b, a]), 20, []);
    expect(idsOf(merged)).toEqual(['a', 'b']);
    expect(merged.totalHits).toBe(2);
  });
});

describe('putNamedFirst (a named product and its alternatives)', () => {
  it('puts the named agents first, then the alternatives, then the rest of the main page', () => {
    const main = answer([b, a, c], { totalHits: 30, facetDistribution: { pricing: { paid: 20, free: 10 } } });
    const merged = putNamedFirst(main, [a], answer([d, a, c, e]), 4, ['pricing']);
    expect(idsOf(merged)).toEqual(['a', 'd', 'c', 'e']);
    // d and e were not on the main page: counted in; c was.
    expect(merged.totalHits).toBe(32);
    expect(merged.facetDistribution).toEqual({ pricing: { paid: 22, free: 10 } });
  });

  it('keeps the main page after the named agents when there are no alternatives', () => {
    const merged = putNamedFirst(answer([b, a, c]), [a], answer([]), 20, []);
    expect(idsOf(merged)).toEqual(['a', 'b', 'c']);
    expect(merged.totalHits).toBe(3);
  });
});

describe('looseAnswer (loose retry)', () => {
  it('answers one page of the loose hits, with totalHits and facets counted from them', () => {
    const merged = looseAnswer(answer([]), answer([c, d, c, e], { estimatedTotalHits: 90 }), 2, ['role']);
    expect(idsOf(merged)).toEqual(['c', 'd']);
    expect(merged.totalHits).toBe(2);
    expect(merged.facetDistribution).toEqual({ role: { Bookkeeper: 1, 'Video Editor': 1 } });
  });
});
