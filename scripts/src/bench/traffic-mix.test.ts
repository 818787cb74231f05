import { MIX, planTraffic, visitorSlices } from './traffic-mix';

const catalog = {
  ids: ['1', '2', '3'],
  roles: [{ category: 'Sales', role: 'SDR' }],
  categories: ['Sales', 'Marketing'],
};

describe('the load benchmark traffic', () => {
  it('follows the mix of the issue within a percent over 20,000 requests', () => {
    const plan = planTraffic(catalog, 20_000, 7);
    for (const [kind, weight] of MIX) {
      const share = (plan.filter((request) => request.kind === kind).length / plan.length) * 100;
      expect({ kind, share: Math.round(share) }).toEqual({ kind, share: expect.any(Number) });
      expect(Math.abs(share - weight)).toBeLessThan(1);
    }
  });

  it('asks every search only once, and is the same for the same seed', () => {
    const plan = planTraffic(catalog, 5_000, 3);
    const searches = plan.filter((request) => request.kind === 'search').map((request) => request.path);
    expect(new Set(searches).size).toBe(searches.length);
    expect(planTraffic(catalog, 5_000, 3)).toEqual(plan);
  });

  it('builds paths the API knows', () => {
    const paths = new Set(planTraffic(catalog, 2_000, 1).map((request) => request.path.split('?')[0]));
    expect([...paths].sort()).toEqual(
      expect.arrayContaining([
        '/',
        '/api/agents',
        '/api/categories',
        '/api/roles',
        '/api/search',
        '/api/search-by-role',
      ]),
    );
  });
});

describe("bench:load's slices of the plan", () => {
  const plan = Array.from({ length: 400_000 }, (_, i) => ({ kind: 'home' as const, path: `/${i}` }));

  it('keeps only what the runs send, from the places they always started', () => {
    const slices = visitorSlices(plan, { closed: false, open: 9000 });
    expect(slices.closed).toEqual([]);
    expect(slices.open).toHaveLength(9000);
    expect(slices.open[0]).toBe(plan[200_000]);
    expect(slices.warm[0]).toBe(plan[300_000]);
    expect(visitorSlices(plan, { closed: true, open: 10 }).closed[0]).toBe(plan[0]);
  });

  it("never lets the open loop's slice run into the warm-up's", () => {
    expect(visitorSlices(plan, { closed: false, open: 500_000 }).open.at(-1)).toBe(plan[299_999]);
  });
});
