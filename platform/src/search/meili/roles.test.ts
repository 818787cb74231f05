import { stem } from '../analysis/stem';
import { searchDocument } from '../contract';
import { toStoredDocument } from './documents';
import { mergeRoleBoost, namedRoles, ROLE_BOOST, roleBoostSearches, roleStemTest } from './roles';
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

describe('roleStemTest', () => {
  it('knows the stemmed words of the roles, except words that name no job', () => {
    const isRoleStem = roleStemTest(['Video Editor', 'AI Paralegal', 'Customer Support Agent']);
    expect(['video', 'editor', 'paralegal', 'customer', 'support'].map(stem).every(isRoleStem)).toBe(true);
    expect(isRoleStem(stem('editors'))).toBe(true);
    expect(['ai', 'agent', 'recruiter'].map(stem).some(isRoleStem)).toBe(false);
  });

  it('stems a list of roles once', () => {
    const roles = ['Bookkeeper'];
    expect(roleStemTest(roles)(stem('bookkeeper'))).toBe(true);
    expect(roleStemTest([])(stem('bookkeeper'))).toBe(false);
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

  it('counts hits and facets with a plain search of no hits, whose answer gives the totals', () => {
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
      totalHits: 2,
      facetDistribution: { role: { Recruiter: 2 } },
      processingTimeMs: 4,
    });
  });
});
