import { MIX, planTraffic } from './traffic-mix';

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
