import { COMPARE_MAX, compareLink, createCompareStore, parseSelection } from './compare-selection';

const agent = (id: string) => ({ id, name: `Agent ${id}` });

describe('the comparison selection', () => {
  beforeEach(() => window.localStorage.clear());

  it(`holds at most ${COMPARE_MAX} agents: a fifth is refused and changes nothing`, () => {
    const store = createCompareStore(window.localStorage);
    for (const id of ['1', '2', '3', '4']) expect(store.toggle(agent(id))).toBe('added');
    expect(store.toggle(agent('5'))).toBe('full');
    expect(store.getSnapshot().map((picked) => picked.id)).toEqual(['1', '2', '3', '4']);
    expect(store.toggle(agent('2'))).toBe('removed');
    expect(store.toggle(agent('5'))).toBe('added');
    expect(store.getSnapshot().map((picked) => picked.id)).toEqual(['1', '3', '4', '5']);
  });

  it('survives a reload: a new page reads it back from localStorage', () => {
    const before = createCompareStore(window.localStorage);
    before.toggle(agent('7'));
    before.toggle(agent('38'));
    const afterReload = createCompareStore(window.localStorage);
    expect(afterReload.getSnapshot()).toEqual([agent('7'), agent('38')]);
    afterReload.clear();
    expect(createCompareStore(window.localStorage).getSnapshot()).toEqual([]);
  });

  it('tells its subscribers of every change, and follows another tab', () => {
    const store = createCompareStore(window.localStorage);
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    store.toggle(agent('1'));
    expect(listener).toHaveBeenCalledTimes(1);
    window.localStorage.setItem('agentry.compare', JSON.stringify([agent('9')]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'agentry.compare' }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toEqual([agent('9')]);
    unsubscribe();
  });

  it('keeps working for the page when storage refuses writes', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
    } as unknown as Storage;
    const store = createCompareStore(refusing);
    expect(store.toggle(agent('1'))).toBe('added');
    expect(store.getSnapshot()).toEqual([agent('1')]);
  });

  it('ignores what it cannot read: bad JSON, wrong shapes, repeats, more than the maximum', () => {
    expect(parseSelection('not json')).toEqual([]);
    expect(parseSelection('{"id":"1"}')).toEqual([]);
    expect(parseSelection('[{"id":"1"},{"id":"1"},{"id":2},"x",{"id":"3","name":7}]')).toEqual([
      { id: '1', name: '' },
      { id: '3', name: '' },
    ]);
    expect(parseSelection(JSON.stringify(['1', '2', '3', '4', '5'].map(agent)))).toHaveLength(COMPARE_MAX);
  });

  it('links to a comparison anyone can open', () => {
    expect(compareLink(['1', 'a b'])).toBe('/compare?ids=1,a%20b');
  });
});
