import { savedSearchPath } from '@agentry/domain/saved-searches';
import { SEARCH_INDEX } from '../../../config/site';
import { savedSearchOf } from './saved-search-of';
import { routeToSearch, searchToRoute, stateToRoute } from './search-route';

describe('the search on the screen as a saved search', () => {
  it('keeps the words, the refinements, the price ranges and the order', () => {
    const saved = savedSearchOf({
      [SEARCH_INDEX]: {
        query: 'crm',
        refinementList: { category: ['Finance', 'Legal'], pricing: ['paid'] },
        range: { price_monthly: '10:50', starting_price_monthly: ':40' },
        sortBy: `${SEARCH_INDEX}_price_asc`,
        page: 3,
      },
    });
    expect(saved).toEqual({
      query: 'crm',
      filters: { category: ['Finance', 'Legal'], pricing: ['paid'] },
      price_min: 10,
      price_max: 50,
      starting_price_min: null,
      starting_price_max: 40,
      sort: 'price_asc',
    });
  });

  it("opens at the address the screen would write for the same search (domain's savedSearchPath)", () => {
    const uiState = {
      [SEARCH_INDEX]: {
        query: 'answer emails',
        refinementList: { role: ['Support Agent'] },
        range: { price_monthly: ':30', starting_price_monthly: '5:' },
      },
    };
    const path = savedSearchPath(savedSearchOf(uiState));
    expect(path).toBe(`/employer/search${routeToSearch(stateToRoute(uiState))}`);
    expect(searchToRoute(new URL(path, 'https://x.example').search)).toEqual(stateToRoute(uiState));
  });

  it('saves an empty search as every agent', () => {
    expect(savedSearchOf({})).toEqual({
      query: '',
      filters: {},
      price_min: null,
      price_max: null,
      starting_price_min: null,
      starting_price_max: null,
      sort: null,
    });
  });
});
