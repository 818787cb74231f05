import type { FacetField } from '../port';
import { MEILI_MATCH_SCORE } from './match-floor';
import type { MeiliResult } from './translate';

// Putting a follow-up's hits together with the main search's, the way the embedded engine orders
// them: each agent once, the main search's order kept where the plan does not say otherwise, and
// totalHits and facet counts that agree with the hits added. Pure functions (merge.test.ts).

export type MeiliHit = MeiliResult['hits'][number];

/** Each agent once, at its first place. */
export function uniqueHits(hits: readonly MeiliHit[]): MeiliHit[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    if (seen.has(hit.id)) return false;
    seen.add(hit.id);
    return true;
  });
}

/** The hits of `extra` that are not in `first`, in their order. */
export function newHits(first: readonly MeiliHit[], extra: readonly MeiliHit[]): MeiliHit[] {
  const seen = new Set(first.map((hit) => hit.id));
  return uniqueHits(extra).filter((hit) => !seen.has(hit.id));
}

const totalOf = (result: MeiliResult): number =>
  result.totalHits ?? result.estimatedTotalHits ?? result.hits.length;

/** A facet distribution with the values of `added` counted in (a new object; the input is left alone). */
export function withFacetCounts(
  distribution: MeiliResult['facetDistribution'],
  added: readonly MeiliHit[],
  fields: readonly FacetField[],
): Record<string, Record<string, number>> {
  // Prototype-free maps: a facet value may be any text, "constructor" or "__proto__" included.
  const counts: Record<string, Record<string, number>> = Object.create(null);
  for (const [field, values] of Object.entries(distribution ?? {}))
    counts[field] = Object.assign(Object.create(null), values);
  for (const field of fields) {
    const values = counts[field] ?? Object.create(null);
    counts[field] = values;
    for (const hit of added) {
      const value = String(hit[field] ?? '');
      values[value] = (values[value] ?? 0) + 1;
    }
  }
  return counts;
}

/**
 * The second tier: the main search held every first-tier hit on its page; the tier's new hits
 * follow them up to `target` hits in all. totalHits and facets count exactly what is shown.
 */
export function appendTier(
  main: MeiliResult,
  tier: MeiliResult,
  target: number,
  fields: readonly FacetField[],
): MeiliResult {
  const added = newHits(main.hits, tier.hits)
    .slice(0, Math.max(0, target - main.hits.length))
    .map((hit) => ({ ...hit, _related: true }));
  return {
    hits: [...main.hits, ...added],
    totalHits: totalOf(main) + added.length,
    matchCount: main.matchCount,
    facetDistribution: withFacetCounts(main.facetDistribution, added, fields),
    processingTimeMs: (main.processingTimeMs ?? 0) + (tier.processingTimeMs ?? 0),
  };
}

/**
 * A named product, then its alternatives, then the rest of the main page, as one page. The
 * alternatives the main page did not hold are added to totalHits and the facets. One the main
 * search also matched beyond its first page is then counted twice: Meilisearch cannot tell
 * without another request, so the count may exceed the truth by at most a page.
 */
export function putNamedFirst(
  main: MeiliResult,
  named: readonly MeiliHit[],
  alternatives: MeiliResult,
  hitsPerPage: number,
  fields: readonly FacetField[],
): MeiliResult {
  const added = newHits(main.hits, alternatives.hits);
  // The named products match whatever their score; their alternatives are listed as such.
  const first = named.map((hit) => ({ ...hit, _named: true }));
  const alternativeTo = named[0]?.name;
  const others = newHits(named, alternatives.hits).map((hit) => ({ ...hit, _alternativeTo: alternativeTo }));
  const ordered = uniqueHits([...first, ...others, ...main.hits]);
  const unscored = named.filter((hit) => (hit._rankingScore ?? 0) < MEILI_MATCH_SCORE).length;
  return {
    hits: ordered.slice(0, hitsPerPage),
    totalHits: totalOf(main) + added.length,
    matchCount: main.matchCount === undefined ? undefined : main.matchCount + unscored,
    facetDistribution: withFacetCounts(main.facetDistribution, added, fields),
    processingTimeMs: (main.processingTimeMs ?? 0) + (alternatives.processingTimeMs ?? 0),
  };
}

/**
 * The loose retry's answer in place of the main search's empty one: one page, whose hits are all
 * that is reported (totalHits and facets are counted from them, so they agree with what is shown).
 */
export function looseAnswer(
  main: MeiliResult,
  loose: MeiliResult,
  hitsPerPage: number,
  fields: readonly FacetField[],
): MeiliResult {
  // What a looser reading finds is related, never a match.
  const hits = uniqueHits(loose.hits)
    .slice(0, hitsPerPage)
    .map((hit) => ({ ...hit, _related: true }));
  return {
    hits,
    totalHits: hits.length,
    matchCount: 0,
    facetDistribution: withFacetCounts(undefined, hits, fields),
    processingTimeMs: (main.processingTimeMs ?? 0) + (loose.processingTimeMs ?? 0),
  };
}
