import type { SearchRequest } from '@agentry/platform/search/port';
import { WARM_FROM_AGENTS, warmRequests, warmSearches, warmUpWhenCurrent } from './warm-searches';

const silent = { info: () => {} };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the warm-up of a fresh index', () => {
  it('asks distinct searches of each shape a visitor sends: words, a role list, an unknown word', () => {
    const requests = warmRequests(['Data Analyst', 'Recruiter']);
    const keys = requests.map((request) => JSON.stringify(request));
    expect(new Set(keys).size).toBe(requests.length);
    expect(
      requests.some((r) => r.query === '' && r.filters?.role?.[0] === 'Recruiter' && r.sort === 'name'),
    ).toBe(true);
    expect(requests.some((r) => /zqx\d+$/.test(r.query))).toBe(true);
    expect(requests.filter((r) => r.query.includes(' for ')).length).toBeGreaterThan(requests.length / 2);
  });

  it('asks them one after another, passes over one that fails, and stops once its budget is spent', async () => {
    let clock = 0;
    const asked: string[] = [];
    const search = async (request: SearchRequest) => {
      asked.push(request.query);
      clock += 100; // each search takes 100 ms on the injected clock
      if (asked.length === 2) throw new Error('engine hiccup');
    };
    const requests = warmRequests([], 10);
    const count = await warmSearches(search, requests, {
      now: () => clock,
      budgetMs: 450,
      pause: async () => {},
    });
    // 0, 100, 200, 300 and 400 ms are within the budget; at 500 it is spent.
    expect(count).toBe(5);
    expect(asked).toEqual(requests.slice(0, 5).map((r) => r.query));
  });

  it('says warming from the start until the index is current and its searches are asked', async () => {
    let current: (() => void) | null = null;
    const asked: SearchRequest[] = [];
    const answers: Array<() => void> = [];
    const warmUp = warmUpWhenCurrent(
      {
        agents: { count: async () => WARM_FROM_AGENTS, roles: async () => ['Recruiter'] },
        search: {
          search: (request) => {
            asked.push(request);
            return new Promise<void>((resolve) => answers.push(resolve));
          },
        },
        freshness: {
          onCurrent: (then) => {
            current = then;
          },
        },
        logger: silent,
      },
      { budgetMs: Number.POSITIVE_INFINITY, pause: async () => {} },
    );
    expect(warmUp.warming).toBe(true);
    await settle();
    expect(asked).toHaveLength(0); // nothing asked of an index that is not current
    current!();
    for (let i = 0; i < 5; i++) await settle();
    expect(asked).toHaveLength(1);
    expect(warmUp.warming).toBe(true); // the first search has not answered yet
    for (let i = 0; asked.length <= warmRequests(['Recruiter']).length && i < 200; i++) {
      answers.shift()?.();
      await settle();
    }
    expect(asked).toHaveLength(warmRequests(['Recruiter']).length);
    expect(warmUp.warming).toBe(false);
  });

  it('leaves a small catalog unwarmed, and is done once its index is current', async () => {
    const search = jest.fn(async () => {});
    const warmUp = warmUpWhenCurrent({
      agents: { count: async () => WARM_FROM_AGENTS - 1, roles: async () => [] },
      search: { search },
      freshness: { onCurrent: (then) => then() },
      logger: silent,
    });
    for (let i = 0; i < 5; i++) await settle();
    expect(search).not.toHaveBeenCalled();
    expect(warmUp.warming).toBe(false);
  });

  it('ends the warm-up when the store cannot say how large the catalog is', async () => {
    const warmUp = warmUpWhenCurrent({
      agents: { count: async () => Promise.reject(new Error('store down')), roles: async () => [] },
      search: { search: async () => {} },
      freshness: { onCurrent: (then) => then() },
      logger: silent,
    });
    for (let i = 0; i < 5; i++) await settle();
    expect(warmUp.warming).toBe(false);
  });
});
