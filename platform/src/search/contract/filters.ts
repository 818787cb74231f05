import type { SearchEngine } from '../port';
import { ids } from './catalog';

// Filters: facet values, monthly price bounds, excluded agents: part of the search contract
// (describeSearchContract).

export function describeFiltersContract(engine: () => SearchEngine): void {
  it('filters by facet values, OR within a field and AND across fields', async () => {
    const response = await engine().search({
      query: '',
      filters: { provider: ['Northwind'], category: ['Finance', 'Customer Service'] },
    });
    expect(ids(response).sort()).toEqual(['1', '4']);
    const narrowed = await engine().search({
      query: '',
      filters: { provider: ['Northwind'], pricing: ['contact'] },
    });
    expect(ids(narrowed)).toEqual(['4']);
  });

  it('filters by monthly price', async () => {
    const response = await engine().search({ query: '', priceMonthly: { max: 30 } });
    expect(ids(response).sort()).toEqual(['1', '5']);
  });

  it('keeps strict price bounds strict: above 29 leaves out the agent at 29', async () => {
    const above = await engine().search({ query: '', priceMonthly: { min: 29, minExclusive: true } });
    expect(ids(above)).toEqual(['3']);
    const below = await engine().search({ query: '', priceMonthly: { max: 29, maxExclusive: true } });
    expect(ids(below)).toEqual(['5']);
    const at = await engine().search({ query: '', priceMonthly: { min: 29, max: 29 } });
    expect(ids(at)).toEqual(['1']);
    const between = await engine().search({
      query: '',
      priceMonthly: { min: 5, minExclusive: true, max: 99, maxExclusive: true },
    });
    expect(ids(between)).toEqual(['1']);
  });
}

export function describeExcludedIdsContract(engine: () => SearchEngine): void {
  it('leaves out excluded ids', async () => {
    expect(ids(await engine().search({ query: '', excludeIds: ['1', '2', '3'] })).sort()).toEqual(['4', '5']);
  });
}
