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
        page: 1,
        hitsPerPage: 10,
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
      page: 1,
      hitsPerPage: 10,
    });
    expect(queries[step.at.rest!]).not.toHaveProperty('facets');
    expect(queries[step.at.catalog!]).toEqual({ indexUid: 'agents', q: '', page: 1, hitsPerPage: 0 });
    // A quoted word matches as typed: no typo, prefix or synonym inflates its count.
    expect(queries[step.at.counts.get('ai')!]).toEqual({
      indexUid: 'agents',
      q: '"ai"',
      page: 1,
      hitsPerPage: 0,
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

describe('pickAlternatives', () => {
  const likeness = answer([hit('notetaker-a'), hit('notetaker-b')]);
  const rest = answer([hit('coder')]);
  const counts = (catalog: number, ai: number): MeiliResult[] => [
    likeness,
    rest,
    answer([], { totalHits: catalog }),
    answer([], { totalHits: ai }),
  ];
  const otterAi = () =>
    stepFor('otterly voice ai', [group('otterly'), group('voice'), group('ai')], ['otterly', 'voice', 'ai']);

  it('takes agents like the named one when the other words are in most agents ("otterly voice ai")', () => {
    expect(idsOf(pickAlternatives(otterAi(), counts(100, 40)))).toEqual(['notetaker-a', 'notetaker-b']);
  });

  it('takes the search for the other words when they are telling', () => {
    expect(idsOf(pickAlternatives(otterAi(), counts(100, 3)))).toEqual(['coder']);
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
    results[step.at.catalog!] = answer([], { totalHits: 100 });
    for (const position of step.at.counts.values()) results[position] = answer([], { totalHits: 5 });
    expect(idsOf(pickAlternatives(step, results))).toEqual(['coder']);
  });

  it('finds no alternatives when the named agent gives no words to search by', () => {
    const bare = hit('bare', { name: 'Zq', role: '', category: '', description: '' });
    const step = alternativesStep(request, mainOf('zq'), [group('zq')], namedHits([bare], ['zq'])!, 'agents');
    expect(step.search.queries).toEqual([]);
    expect(pickAlternatives(step, [])).toEqual({ hits: [], totalHits: 0 });
  });
});
