import {
  parsePriceRange,
  routeToSearch,
  routeToState,
  type SearchRoute,
  searchToRoute,
  stateToRoute,
} from './search-route';

const FULL_STATE = {
  agents: {
    query: 'answer emails',
    refinementList: { category: ['Finance', 'Legal'], pricing: ['paid'], role: [] },
    range: { price_monthly: '10:50' },
    sortBy: 'agents_price_asc',
    page: 3,
  },
};
const FULL_ROUTE: SearchRoute = {
  q: 'answer emails',
  category: ['Finance', 'Legal'],
  pricing: ['paid'],
  price_min: 10,
  price_max: 50,
  sort: 'price_asc',
  page: 3,
};
const FULL_SEARCH =
  '?q=answer+emails&category=Finance&category=Legal&pricing=paid&price_min=10&price_max=50&sort=price_asc&page=3';

describe('the advanced search URL', () => {
  it('maps the whole InstantSearch state to a route and back', () => {
    expect(stateToRoute(FULL_STATE)).toEqual(FULL_ROUTE);
    expect(routeToState(FULL_ROUTE)).toEqual({
      agents: { ...FULL_STATE.agents, refinementList: { category: ['Finance', 'Legal'], pricing: ['paid'] } },
    });
  });

  it('writes the route as a clean query string, and reads it back', () => {
    expect(routeToSearch(FULL_ROUTE)).toBe(FULL_SEARCH);
    expect(searchToRoute(FULL_SEARCH)).toEqual(FULL_ROUTE);
  });

  it('leaves the defaults out: no query, no filter, relevance, the first page', () => {
    const defaults = { agents: { query: '', refinementList: { category: [] }, sortBy: 'agents', page: 1 } };
    expect(stateToRoute(defaults)).toEqual({});
    expect(stateToRoute({})).toEqual({});
    expect(routeToSearch({})).toBe('');
    expect(routeToState({})).toEqual({ agents: {} });
  });

  it('keeps a range open on one side', () => {
    const state = { agents: { range: { price_monthly: ':40' } } };
    expect(stateToRoute(state)).toEqual({ price_max: 40 });
    expect(routeToSearch(stateToRoute(state))).toBe('?price_max=40');
    expect(routeToState(searchToRoute('?price_min=0'))).toEqual({
      agents: { range: { price_monthly: '0:' } },
    });
    expect(parsePriceRange('5:')).toEqual({ min: 5, max: undefined });
  });

  it('carries the profile facts and the starting price range, after the spec facets and the price', () => {
    const state = {
      agents: {
        refinementList: { integrations: ['Slack', 'HubSpot'], languages: ['es'], free_trial: ['true'] },
        range: { price_monthly: ':50', starting_price_monthly: '5:20' },
      },
    };
    const route = stateToRoute(state);
    expect(route).toEqual({
      integrations: ['Slack', 'HubSpot'],
      languages: ['es'],
      free_trial: ['true'],
      price_max: 50,
      from_min: 5,
      from_max: 20,
    });
    expect(routeToSearch(route)).toBe(
      '?integrations=Slack&integrations=HubSpot&languages=es&free_trial=true&price_max=50&from_min=5&from_max=20',
    );
    expect(routeToState(searchToRoute(routeToSearch(route)))).toEqual(state);
  });

  it('keeps values with commas, ampersands and spaces intact', () => {
    const route = { provider: ['Fenwick & Grove, Ltd'], role: ['Editor: Senior'] };
    expect(searchToRoute(routeToSearch(route))).toEqual(route);
  });

  it('drops what it does not understand: unknown keys and orders, bad numbers, repeats, page 1', () => {
    expect(
      searchToRoute(
        '?colour=red&sort=cheapest&price_min=-5&price_max=lots&page=1&category=A&category=A&q=%20',
      ),
    ).toEqual({ category: ['A'] });
    expect(searchToRoute('?page=2.5&sort=relevance')).toEqual({});
    expect(stateToRoute({ agents: { sortBy: 'agents_unknown', range: { price_monthly: 'x:y' } } })).toEqual(
      {},
    );
  });

  it('is a round trip for any route it writes', () => {
    const routes: SearchRoute[] = [
      FULL_ROUTE,
      { q: 'crm' },
      { sort: 'name', page: 2 },
      { role: ['Bookkeeper'] },
      { certifications: ['soc2'], deployment: ['cloud', 'on_device'], from_max: 30 },
    ];
    for (const route of routes) {
      expect(searchToRoute(routeToSearch(route))).toEqual(route);
      expect(stateToRoute(routeToState(route))).toEqual(route);
    }
  });
});
