import { stem } from '../analysis/stem';
import { searchDocument } from '../contract';
import { toStoredDocument } from './documents';
import { mergeRoleBoost, namedRoles, ROLE_BOOST, roleBoostSearches, roleIntentContext } from './roles';
import type { MeiliSearchParams } from './translate';

describe('namedRoles', () => {
  const roles = ['Recruiter', 'Customer Support Agent', 'Meeting Note Taker', 'Bookkeeper', 'Café Owner'];

  it('finds roles whose every word is in the query, whatever the case, accents or plural', () => {
    expect(namedRoles('hire a RECRUITERS', roles)).toEqual(['Recruiter']);
    expect(namedRoles('customer support agent for email', roles)).toEqual(['Customer Support Agent']);
    expect(namedRoles('cafe owner', roles)).toEqual(['Café Owner']);
    expect(namedRoles('bookkeeper or recruiter', roles)).toEqual(['Recruiter', 'Bookkeeper']);
  });

  it('needs the whole role, not part of it', () => {
    expect(namedRoles('meeting notes', roles)).toEqual([]);
    expect(namedRoles('customer support', roles)).toEqual([]);
    expect(namedRoles('', roles)).toEqual([]);
    expect(namedRoles('the', ['The'])).toEqual([]);
  });
});

describe('roleIntentContext', () => {
  it('knows the words that end the roles and every word of them, as the embedded engine reads them', () => {
    const context = roleIntentContext(['Video Editor', 'Claims Adjuster', 'Customer Support Agent']);
    expect(['editor', 'adjuster', 'agent'].map(stem).every((s) => context.isJobHead!(s))).toBe(true);
    expect(['video', 'claims', 'customer'].map(stem).some((s) => context.isJobHead!(s))).toBe(false);
    expect(['video', 'claims', 'customer', 'support'].map(stem).every((s) => context.isRoleWord!(s))).toBe(
      true,
    );
    expect(context.isRoleWord!(stem('agent'))).toBe(false);
  });

  it('answers for the list it was given', () => {
    expect(roleIntentContext(['Bookkeeper']).isJobHead!(stem('bookkeeper'))).toBe(true);
    expect(roleIntentContext([]).isJobHead!(stem('bookkeeper'))).toBe(false);
  });
});

describe('the role boost', () => {
  const params: MeiliSearchParams = {
    q: 'recruiter',
    page: 2,
    hitsPerPage: 10,
    matchingStrategy: 'frequency',
    filter: ['pricing = "paid"'],
    facets: ['role'],
    attributesToHighlight: ['name'],
  };

  it('merges the query restricted to the named roles (weighing more) with the plain query', () => {
    const { federated } = roleBoostSearches(params, ['Recruiter', 'Talent Scout'], 'agents');
    expect(federated.federation).toEqual({ offset: 10, limit: 10 });
    expect(federated.queries).toEqual([
      {
        q: 'recruiter',
        matchingStrategy: 'frequency',
        attributesToHighlight: ['name'],
        indexUid: 'agents',
        filter: ['pricing = "paid"', ['role = "Recruiter"', 'role = "Talent Scout"']],
        federationOptions: { weight: ROLE_BOOST.namedRole },
      },
      {
        q: 'recruiter',
        matchingStrategy: 'frequency',
        attributesToHighlight: ['name'],
        indexUid: 'agents',
        filter: ['pricing = "paid"'],
        federationOptions: { weight: ROLE_BOOST.query },
      },
    ]);
    expect(roleBoostSearches(params, ['Recruiter'], 'agents').federated.queries[0]!.filter).toEqual([
      'pricing = "paid"',
      'role = "Recruiter"',
    ]);
  });

  it('counts the matches and their facets with a plain search of no hits; federation estimates all hits', () => {
    const { count } = roleBoostSearches(params, ['Recruiter'], 'agents');
    expect(count).toMatchObject({ q: 'recruiter', page: 1, hitsPerPage: 0, facets: ['role'] });
    expect(count.attributesToHighlight).toBeUndefined();
    const hit = (id: string) => ({ ...toStoredDocument(searchDocument(id)) });
    const merged = mergeRoleBoost(
      { hits: [hit('b'), hit('a'), hit('b')], estimatedTotalHits: 3, processingTimeMs: 4 },
      { hits: [], totalHits: 2, facetDistribution: { role: { Recruiter: 2 } }, processingTimeMs: 2 },
    );
    expect(merged.hits.map((h) => h.id)).toEqual(['b', 'a']);
    expect(merged).toMatchObject({
      totalHits: 3,
      matchCount: 2,
      facetDistribution: { role: { Recruiter: 2 } },
      processingTimeMs: 4,
    });
  });
});
