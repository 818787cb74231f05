import { routeToSearch, type SearchRoute, searchToRoute } from './search-route';
import { createUrlRouter } from './url-router';

function setup(initialSearch = '') {
  const navigate = jest.fn();
  const sync = createUrlRouter<SearchRoute>({
    pathname: '/employer/search',
    initialSearch,
    parse: searchToRoute,
    format: routeToSearch,
    navigate,
    writeDelay: 400,
  });
  const updates: SearchRoute[] = [];
  sync.router.onUpdate((route) => updates.push(route));
  return { ...sync, navigate, updates };
}

describe('the URL router on React Router', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the route the page opened with', () => {
    expect(setup('?q=crm&page=2').router.read()).toEqual({ q: 'crm', page: 2 });
  });

  it('writes one history entry for changes close together, after the delay', () => {
    const { router, navigate } = setup();
    router.write({ q: 'c' });
    router.write({ q: 'cr' });
    jest.advanceTimersByTime(399);
    expect(navigate).not.toHaveBeenCalled();
    router.write({ q: 'crm' });
    jest.advanceTimersByTime(400);
    expect(navigate.mock.calls).toEqual([['?q=crm']]);
  });

  it('writes nothing when the URL already says it', () => {
    const { router, navigate } = setup('?category=Finance');
    router.write({ category: ['Finance'] });
    jest.runAllTimers();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('follows the back button: a URL it did not write is read and handed to InstantSearch', () => {
    const { router, updates, locationChanged } = setup();
    router.write({ q: 'crm' });
    jest.runAllTimers();
    locationChanged('?q=crm');
    expect(updates).toEqual([]);
    locationChanged('');
    expect(updates).toEqual([{}]);
    expect(router.read()).toEqual({});
  });

  it('drops a write still waiting when the visitor goes elsewhere first', () => {
    const { router, navigate, updates, locationChanged } = setup('?q=old');
    router.write({ q: 'new' });
    locationChanged('?q=older');
    jest.runAllTimers();
    expect(navigate).not.toHaveBeenCalled();
    expect(updates).toEqual([{ q: 'older' }]);
  });

  it('makes links for InstantSearch (pagination) and stops writing once disposed', () => {
    const { router, navigate } = setup();
    expect(router.createURL({ page: 2 })).toBe('/employer/search?page=2');
    router.write({ q: 'crm' });
    router.dispose();
    jest.runAllTimers();
    expect(navigate).not.toHaveBeenCalled();
  });
});
