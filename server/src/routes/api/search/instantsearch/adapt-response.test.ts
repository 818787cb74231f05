import type { SearchResponse } from '@agentry/platform/search/port';
import { adaptQuery } from './adapt-request';
import { adaptResponse } from './adapt-response';

const document = {
  id: '7',
  name: 'InboxPilot',
  provider: 'Northwind',
  category: 'Customer Service',
  role: 'Customer Support Agent',
  description: 'Answers customer emails',
  cost: 'Free',
  address: 'https://inboxpilot.example',
  pricing: 'free' as const,
  price_monthly: 0,
};

describe('adaptResponse', () => {
  it('answers in the Algolia response shape with highlights wrapped in the requested tags', () => {
    const adapted = adaptQuery({
      indexName: 'agents',
      params: { query: 'emails', hitsPerPage: 1, highlightPreTag: '<<', highlightPostTag: '>>' },
    });
    const response: SearchResponse = {
      hits: [
        {
          document,
          highlight: {
            description: {
              parts: [
                { text: 'Answers customer ', match: false },
                { text: 'emails', match: true },
              ],
              matchedWords: ['emails'],
              matchLevel: 'full',
            },
          },
        },
      ],
      totalHits: 3,
      matchCount: 3,
      page: 0,
      hitsPerPage: 1,
      facets: { category: { 'Customer Service': 3 } },
      processingTimeMs: 2,
    };
    const result = adaptResponse(adapted, response);
    expect(result).toMatchObject({
      nbHits: 3,
      nbPages: 3,
      page: 0,
      hitsPerPage: 1,
      facets: { category: { 'Customer Service': 3 } },
    });
    expect(result.hits[0]).toMatchObject({ objectID: '7', name: 'InboxPilot' });
    expect(result.hits[0]!._highlightResult.description).toEqual({
      value: 'Answers customer <<emails>>',
      matchLevel: 'full',
      matchedWords: ['emails'],
      fullyHighlighted: false,
    });
    expect(result.hits[0]!._highlightResult.name).toMatchObject({ value: 'InboxPilot', matchLevel: 'none' });
  });

  it('says how many hits meet the match floor, why each was found, and what to try when none does', () => {
    const adapted = adaptQuery({ params: { query: 'answer customer emails in spanish', hitsPerPage: 2 } });
    const result = adaptResponse(adapted, {
      hits: [
        {
          document,
          why: {
            match: true,
            matched: [{ words: 'customer emails' }, { words: 'answer', as: 'replies' }],
            missing: ['spanish'],
            role: 'Customer Support Agent',
          },
        },
        { document: { ...document, id: '8' }, why: { match: false, matched: [], missing: ['spanish'] } },
      ],
      totalHits: 2,
      matchCount: 1,
      page: 0,
      hitsPerPage: 2,
      facets: {},
      processingTimeMs: 1,
    });
    expect(result).toMatchObject({ nbHits: 2, matchCount: 1 });
    expect(result.hits[0]).toMatchObject({
      _why: {
        match: true,
        text: 'matches: customer emails, answer (it says "replies") · role: Customer Support Agent',
      },
    });
    expect(result.hits[1]).toMatchObject({ _why: { match: false } });

    const none = adaptResponse(adapted, {
      hits: [],
      totalHits: 0,
      matchCount: 0,
      suggestions: { query: 'answer customer emails', categories: ['Customer Service'], roles: [] },
      page: 0,
      hitsPerPage: 2,
      facets: {},
      processingTimeMs: 1,
    });
    expect(none).toMatchObject({ matchCount: 0, suggestions: { categories: ['Customer Service'] } });
  });

  it('reports no pages when only facets were asked for', () => {
    const adapted = adaptQuery({ params: { hitsPerPage: 0, facets: ['category'] } });
    const result = adaptResponse(adapted, {
      hits: [],
      totalHits: 9,
      matchCount: 9,
      page: 0,
      hitsPerPage: 0,
      facets: {},
      processingTimeMs: 0,
    });
    expect(result.nbPages).toBe(0);
  });
});
