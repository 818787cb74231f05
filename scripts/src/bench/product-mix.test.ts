import {
  contactsPerEmployerPerHour,
  meanRequestsPerAction,
  PRODUCT_MIX,
  planProduct,
  WRITE_KINDS,
} from './product-mix';
import type { Catalog } from './traffic-mix';

const catalog: Catalog = {
  ids: Array.from({ length: 500 }, (_, i) => `agent-${i}`),
  roles: [
    { category: 'Finance', role: 'Bookkeeper' },
    { category: 'Legal', role: 'Paralegal' },
  ],
  categories: ['Finance', 'Legal'],
};
const pools = { providers: 50, employers: 40, visitors: 1000 };

describe('planProduct', () => {
  const plan = planProduct(catalog, pools, 50_000, 3);

  it('plans the same actions for the same seed', () => {
    expect(planProduct(catalog, pools, 200, 3)).toEqual(plan.slice(0, 200));
  });

  it('keeps the share of visitor reads, employer searches and writes of the mix', () => {
    const total = PRODUCT_MIX.reduce((sum, entry) => sum + entry.weight, 0);
    const share = (test: (kind: string, actor: string) => boolean) =>
      plan.filter((action) => test(action.kind, action.actor)).length / plan.length;
    expect(share((_, actor) => actor === 'visitor')).toBeCloseTo(7210 / total, 2);
    expect(share((kind) => kind === 'employer search')).toBeCloseTo(800 / total, 2);
    expect(share((kind) => WRITE_KINDS.has(kind as never))).toBeCloseTo(262 / total, 2);
  });

  it('gives contact requests to employers in turn, never twice in a row about one provider', () => {
    const few = { ...pools, employers: 10 };
    const contacts = planProduct(catalog, few, 50_000, 3).filter(
      (action) => action.kind === 'contact request',
    );
    expect(contacts.length).toBeGreaterThan(few.employers * 2);
    const lastTarget = new Map<number, number>();
    for (const [i, action] of contacts.entries()) {
      expect(action.who).toBe(i % few.employers);
      expect(lastTarget.get(action.who)).not.toBe(action.target);
      // Never the provider the seeded account asked about before the run.
      expect(action.target).not.toBe((action.who * 7) % few.providers);
      lastTarget.set(action.who, action.target!);
    }
  });

  it('sends the advanced search a disjunctive query for a refined category, as InstantSearch does', () => {
    const refined = plan.find((action) => action.kind === 'employer search' && action.search!.length === 2)!;
    const [main, disjunctive] = refined.search!;
    expect(main!.params.facetFilters).toEqual([[expect.stringMatching(/^category:/)]]);
    expect(disjunctive!.params).toMatchObject({ hitsPerPage: 0, facets: ['category'], facetFilters: [] });
  });

  it('compares three different agents', () => {
    for (const action of plan.filter((each) => each.kind === 'compare')) {
      const ids = new URLSearchParams(action.path!.split('?')[1]).get('ids')!.split(',');
      expect(new Set(ids).size).toBe(3);
    }
  });

  it('keeps visitors on one address for a visit of several requests', () => {
    const visitors = plan.filter((action) => action.actor === 'visitor').slice(0, 16);
    expect(new Set(visitors.slice(0, 8).map((action) => action.who)).size).toBe(1);
    expect(visitors[8]!.who).not.toBe(visitors[0]!.who);
  });
});

describe('rates', () => {
  it('counts a write as two requests (token and write) when turning req/s into actions/s', () => {
    expect(meanRequestsPerAction()).toBeGreaterThan(1);
    expect(meanRequestsPerAction()).toBeLessThan(1.05);
  });

  it('keeps each of 100 employers under the store’s 10 contact requests an hour at 300 req/s', () => {
    expect(contactsPerEmployerPerHour(300 / meanRequestsPerAction(), 100)).toBeLessThan(9);
  });
});
