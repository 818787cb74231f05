import type { QueryGroup } from '../query/plan';
import { alternativesStep, pickAlternatives } from './alternatives';
import { namedHits } from './name-match';
import { defaultFeatures, featuresOnExcept } from './testing/features';
import { answer, hit, idsOf } from './testing/hits';
import type { MeiliResult, MeiliSearchParams } from './translate';

beforeEach(() => featuresOnExcept());
afterAll(defaultFeatures);

const group = (...words: string[]): QueryGroup => ({ words, meant: words, alternatives: [] });
const mainOf = (q: string): MeiliSearchParams => ({
  q,
  page: 1,
  hitsPerPage: 10,
  matchingStrategy: 'frequency',
  facets: ['role'],
  attributesToHighlight: ['name'],
});
const request = { query: '', filters: { pricing: ['paid'] } };

const vidora = hit('vidora', {
  name: 'Vidora',
  role: 'Video Creator',
  category: 'Content',
  description: 'Turns text into videos with avatars.',
});
const otter = hit('otterly', {
  name: 'Otterly Voice',
  role: 'Meeting Note Taker',
  category: 'Productivity',
  description: 'Transcribes meetings.',
});
const dalle = hit('dalle', {
  name: 'Pixel Forge',
  role: 'Image Generator',
  category: 'Design',
  description: 'Draws.',
});

function stepFor(q: string, groups: QueryGroup[], words: string[], page = [vidora, otter, dalle]) {
  return alternativesStep(request, mainOf(q), groups, namedHits(page, words)!, 'agents');
}

describe('alternativesStep', () => {
  it('asks only for agents like the named one when the rest of the query asks for alternatives', () => {
    const step = stepFor(
      'vidora alternative',
      [group('vidora'), group('alternative')],
      ['vidora', 'alternative'],
    );
    expect(step.named).toEqual([vidora]);
    expect(step.search.queries).toEqual([
      {
        indexUid: 'agents',
        q: 'video creator content turns text videos avatars',
        matchingStrategy: 'last',
        filter: ['pricing = "paid"', 'id != "vidora"'],
        offset: 0,
        limit: 10,
      },
    ]);
    expect(step.at).toEqual({ likeness: 0, counts: new Map() });
  });

  it('compares a misspelt name as meant, so "vidra alternative" also asks for agents like it', () => {
    const step = stepFor(
      'vidra alternative',
      [group('vidra'), group('alternative')],
      ['vidra', 'alternative'],
    );
    expect(step.search.queries).toHaveLength(1);
    expect(step.candidates).toEqual([]);
  });

  it('compares the name as typed when the nameAlternatives ablation is on', () => {
    featuresOnExcept({ nameAlternatives: false });
    const step = stepFor(
      'vidra alternative',
      [group('vidra'), group('alternative')],
      ['vidra', 'alternative'],
    );
    expect(step.candidates).toEqual([['vidra'], ['alternative']]);
    expect(step.at.rest).toBe(1);
  });

  it('asks, in the same request, for the rest of the query and for counts of the words whose commonness decides', () => {
    const step = stepFor(
      'otterly voice ai transcripts',
      [group('otterly'), group('voice'), group('ai'), group('transcripts')],
      ['otterly', 'voice', 'ai', 'transcripts'],
    );
    const queries = step.search.queries;
    expect(queries[step.at.rest!]).toMatchObject({
      indexUid: 'agents',
      q: 'ai transcripts',
      matchingStrategy: 'frequency',
      attributesToHighlight: ['name'],
      filter: ['pricing = "paid"', 'id != "otterly"'],
      offset: 0,
      limit: 10,
    });
    // Hits only: no exhaustive count asked for (page/hitsPerPage would ask for one).
    expect(queries[step.at.rest!]).not.toHaveProperty('facets');
    expect(queries[step.at.rest!]).not.toHaveProperty('page');
    // Counted from the facet every document has one value of, which maxTotalHits does not cap.
    expect(queries[step.at.catalog!]).toEqual({ indexUid: 'agents', q: '', limit: 0, facets: ['pricing'] });
    // A quoted word matches as typed: no typo, prefix or synonym inflates its count.
    expect(queries[step.at.counts.get('ai')!]).toEqual({
      indexUid: 'agents',
      q: '"ai"',
      limit: 0,
      facets: ['pricing'],
    });
    expect([...step.at.counts.keys()]).toEqual(['ai', 'transcripts']);
    expect(queries).toHaveLength(5);
  });

  it('leaves out every named agent from the alternatives', () => {
    const twin = hit('twin', { name: 'Vidora', description: 'A second listing.' });
    const step = stepFor('vidora', [group('vidora')], ['vidora'], [vidora, twin]);
    expect(step.named.map((h) => h.id)).toEqual(['vidora', 'twin']);
    expect(step.search.queries[0]!.filter).toEqual(['pricing = "paid"', 'id != "vidora"', 'id != "twin"']);
  });
});

/**
 * A count query's answer as Meilisearch v1.28.2 gives it for `matching` documents: the hit count
 * capped at maxTotalHits (10,000 here; crates/meilisearch/src/search/mod.rs `min(candidates,
 * max_total_hits)`), the facet distribution over every matching document.
 */
function counted(matching: number): MeiliResult {
  const paid = Math.round(matching * 0.6);
  return {
    hits: [],
    estimatedTotalHits: Math.min(matching, 10_000),
    facetDistribution: { pricing: { paid, free: matching - paid } },
    processingTimeMs: 1,
  };
}

describe('pickAlternatives', () => {
  const likeness = answer([hit('notetaker-a'), hit('notetaker-b')]);
  const rest = answer([hit('coder')]);
  const counts = (catalog: number, ai: number): MeiliResult[] => [
    likeness,
    rest,
    counted(catalog),
    counted(ai),
  ];
  const otterAi = () =>
    stepFor('otterly voice ai', [group('otterly'), group('voice'), group('ai')], ['otterly', 'voice', 'ai']);

  it('takes agents like the named one when the other words are in most agents ("otterly voice ai")', () => {
    expect(idsOf(pickAlternatives(otterAi(), counts(100, 40)))).toEqual(['notetaker-a', 'notetaker-b']);
  });

  it('takes the search for the other words when they are telling', () => {
    expect(idsOf(pickAlternatives(otterAi(), counts(100, 3)))).toEqual(['coder']);
  });

  it('reads a word in 1.5 % of 100,000 agents as telling, though the hit counts stop at 10,000', () => {
    // Read from the capped hit counts, the catalog would be 10,000 and "ai" in 15 % of it: generic.
    expect(idsOf(pickAlternatives(otterAi(), counts(100_000, 1_500)))).toEqual(['coder']);
    // And a word in most of them stays generic.
    expect(idsOf(pickAlternatives(otterAi(), counts(100_000, 60_000)))).toEqual([
      'notetaker-a',
      'notetaker-b',
    ]);
  });

  it('takes the search for what the query says besides the name ("pixel forge logo maker")', () => {
    const step = stepFor(
      'pixel forge logo maker',
      [group('pixel'), group('forge'), group('logo', 'maker')],
      ['pixel', 'forge', 'logo', 'maker'],
    );
    expect(step.named).toEqual([dalle]);
    expect(step.search.queries[step.at.rest!]!.q).toBe('logo maker');
    const results: MeiliResult[] = [];
    results[step.at.likeness!] = likeness;
    results[step.at.rest!] = rest;
    results[step.at.catalog!] = counted(100);
    for (const position of step.at.counts.values()) results[position] = counted(5);
    expect(idsOf(pickAlternatives(step, results))).toEqual(['coder']);
  });

  it('finds no alternatives when the named agent gives no words to search by', () => {
    const bare = hit('bare', { name: 'Zq', role: '', category: '', description: '' });
    const step = alternativesStep(request, mainOf('zq'), [group('zq')], namedHits([bare], ['zq'])!, 'agents');
    expect(step.search.queries).toEqual([]);
    expect(pickAlternatives(step, [])).toEqual({ hits: [], totalHits: 0 });
  });
});
