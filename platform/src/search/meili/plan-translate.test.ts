import type { SearchRequest } from '../port';
import { SECOND_TIER_MIN_HITS } from '../query/plan';
import { applyFollowUp, chooseFollowUp, translatePlan } from './plan-translate';
import { defaultFeatures, featuresOnExcept } from './testing/features';
import { answer, hit, idsOf } from './testing/hits';

beforeEach(() => featuresOnExcept());
afterAll(defaultFeatures);

const ROLES = ['Podcast Producer', 'Paralegal', 'Recruiter', 'Bookkeeper'];
const plan = (request: Partial<SearchRequest>, roles: readonly string[] = ROLES) =>
  translatePlan({ query: '', ...request }, { roles });

/** A page of n hits that name nothing the tests query for. */
const page = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => hit(`h${from + i}`, { name: `Helper ${from + i}` }));

describe('translatePlan: the query as it goes to Meilisearch', () => {
  it('takes framing words off for the main search and for the roles it names', () => {
    const translated = plan({ query: 'hire a podcast producer', highlight: true });
    expect(translated.intent.framing).toEqual(['hire']);
    expect(translated.main.q).toBe('a podcast producer');
    expect(translated.request.query).toBe('a podcast producer');
    expect(translated.roles).toEqual(['Podcast Producer']);
  });

  it('keeps recruiting’s own words and framing words that frame no job', () => {
    expect(plan({ query: 'hire a recruiter' })).toMatchObject({
      main: { q: 'hire a recruiter' },
      roles: ['Recruiter'],
    });
    expect(plan({ query: 'hire faster' }).main.q).toBe('hire faster');
  });

  it('reads a word as a job when it is a word of one of the index’s roles', () => {
    expect(plan({ query: 'hire a paralegal' }).main.q).toBe('a paralegal');
    expect(plan({ query: 'hire a paralegal' }, []).main.q).toBe('hire a paralegal');
  });

  it('keeps the query as typed when the jobFraming ablation is on', () => {
    featuresOnExcept({ jobFraming: false });
    expect(plan({ query: 'hire a podcast producer' }).main.q).toBe('hire a podcast producer');
  });

  it('splits the query into its parts, concept phrases whole, and keeps its words for name reading', () => {
    const translated = plan({ query: 'sort support tickets from social media' });
    expect(translated.groups.map((group) => group.words)).toEqual([
      ['sort'],
      ['support', 'tickets'],
      ['social', 'media'],
    ]);
    expect(plan({ query: 'the otterly ai' }).words).toEqual(['otterly', 'ai']);
  });

  it('boosts named roles and allows follow-ups only for relevance order with a query', () => {
    expect(plan({ query: 'bookkeeper' })).toMatchObject({ roles: ['Bookkeeper'], followUps: true });
    expect(plan({ query: 'bookkeeper', sort: 'price_asc' })).toMatchObject({ roles: [], followUps: false });
    // A later page asks for every hit up to its end and cuts the page out after the follow-up.
    expect(plan({ query: 'bookkeeper', page: 2, hitsPerPage: 10 })).toMatchObject({
      roles: ['Bookkeeper'],
      followUps: true,
      main: { page: 1, hitsPerPage: 30 },
      window: { from: 20, size: 10 },
    });
    expect(plan({ query: 'bookkeeper', hitsPerPage: 0 }).followUps).toBe(false);
    expect(plan({ query: '' })).toMatchObject({ roles: [], followUps: false, main: { sort: ['name:asc'] } });
  });

  it('rewrites the query for every order, not only relevance', () => {
    expect(plan({ query: 'hire a podcast producer', sort: 'price_asc' }).main).toMatchObject({
      q: 'a podcast producer',
      sort: ['price_monthly:asc', 'name:asc'],
    });
  });
});

describe('chooseFollowUp', () => {
  it('retries loosely when nothing matched', () => {
    const translated = plan({ query: 'grammarly checker', hitsPerPage: 5 });
    const followUp = chooseFollowUp(translated, answer([]), 'agents');
    expect(followUp?.kind).toBe('loose');
    if (followUp?.kind !== 'loose') return;
    expect(followUp.search.queries.map((query) => query.q)).toEqual(['gramma', 'chec']);
    expect(followUp.search.federation).toEqual({ offset: 0, limit: 5 });
  });

  it('follows named agents with their alternatives', () => {
    const vidora = hit('vidora', { name: 'Vidora', role: 'Video Creator' });
    const followUp = chooseFollowUp(plan({ query: 'vidora alternative' }), answer([vidora]), 'agents');
    expect(followUp?.kind).toBe('alternatives');
    if (followUp?.kind !== 'alternatives') return;
    expect(followUp.step.named).toEqual([vidora]);
  });

  it('leaves alternatives out when the ablation turns them off or named agents fill the page', () => {
    const vidora = hit('vidora', { name: 'Vidora' });
    featuresOnExcept({ alternatives: false });
    expect(chooseFollowUp(plan({ query: 'vidora' }), answer([vidora]), 'agents')).toBeNull();
    featuresOnExcept();
    // With alternatives on, a page already full of named agents leaves no room for them.
    expect(chooseFollowUp(plan({ query: 'vidora' }), answer([vidora]), 'agents')?.kind).toBe('alternatives');
    expect(chooseFollowUp(plan({ query: 'vidora', hitsPerPage: 1 }), answer([vidora]), 'agents')).toBeNull();
  });

  it('adds a second tier when fewer hits than a page (and than 20) match', () => {
    const translated = plan({ query: 'sort support tickets from social media' });
    const followUp = chooseFollowUp(translated, answer(page(3)), 'agents');
    expect(followUp).toMatchObject({ kind: 'second-tier', target: SECOND_TIER_MIN_HITS });
    if (followUp?.kind !== 'second-tier') return;
    expect(followUp.search.queries.map((query) => query.q)).toEqual([
      'sort',
      'support tickets',
      'social media',
    ]);
    const small = plan({ query: 'sort support tickets from social media', hitsPerPage: 5 });
    expect(chooseFollowUp(small, answer(page(3)), 'agents')).toMatchObject({ target: 5 });
    expect(chooseFollowUp(small, answer(page(5), { totalHits: 7 }), 'agents')).toBeNull();
    expect(chooseFollowUp(translated, answer(page(20), { totalHits: 25 }), 'agents')).toBeNull();
  });

  it('runs neither the loose retry nor the second tier when their ablation turns them off', () => {
    featuresOnExcept({ looseRetry: false, secondTier: false });
    expect(chooseFollowUp(plan({ query: 'grammarly checker' }), answer([]), 'agents')).toBeNull();
    const fewHits = answer(page(3));
    expect(
      chooseFollowUp(plan({ query: 'sort support tickets from social media' }), fewHits, 'agents'),
    ).toBeNull();
  });

  it('needs no follow-up for a single-part query with a few hits, nor in a sorted list', () => {
    expect(chooseFollowUp(plan({ query: 'bookkeeper' }), answer(page(3)), 'agents')).toBeNull();
    expect(chooseFollowUp(plan({ query: 'grammarly', sort: 'name' }), answer([]), 'agents')).toBeNull();
  });
});

describe('applyFollowUp', () => {
  it('answers the loose retry’s page in place of the empty main search', () => {
    const translated = plan({ query: 'grammarly checker', facets: ['role'] });
    const followUp = chooseFollowUp(translated, answer([]), 'agents')!;
    const found = answer([hit('g', { role: 'Editor' })], { estimatedTotalHits: 1 });
    const merged = applyFollowUp(translated, answer([]), followUp, [found]);
    expect(idsOf(merged)).toEqual(['g']);
    expect(merged).toMatchObject({ totalHits: 1, facetDistribution: { role: { Editor: 1 } } });
  });

  it('appends the second tier after the first', () => {
    const translated = plan({ query: 'sort support tickets from social media' });
    const main = answer(page(2));
    const followUp = chooseFollowUp(translated, main, 'agents')!;
    const merged = applyFollowUp(translated, main, followUp, [answer([...page(1), ...page(3, 10)])]);
    expect(idsOf(merged)).toEqual(['h0', 'h1', 'h10', 'h11', 'h12']);
    expect(merged.totalHits).toBe(5);
  });

  it('puts the named agent first, its alternatives next, then the rest of the main page', () => {
    const translated = plan({ query: 'vidora alternative', hitsPerPage: 4 });
    const vidora = hit('vidora', { name: 'Vidora', role: 'Video Creator' });
    const main = answer([hit('blog', { name: 'Blog about Vidora alternatives' }), vidora], {
      totalHits: 2,
    });
    const followUp = chooseFollowUp(translated, main, 'agents')!;
    const merged = applyFollowUp(translated, main, followUp, [answer([hit('avatarly'), hit('colossyan')])]);
    expect(idsOf(merged)).toEqual(['vidora', 'avatarly', 'colossyan', 'blog']);
    expect(merged.totalHits).toBe(4);
  });
});
