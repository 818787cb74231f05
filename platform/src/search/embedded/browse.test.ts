import { SPEC_FACET_FIELDS, type SpecFacetField } from '@agentry/domain/search-fields';
import { searchDocument } from '../contract';
import type { SearchDocument, SearchRequest, SortOrder } from '../port';
import { compareAgentIds } from './equal-order';
import { executeSearch } from './execute';
import { InvertedIndex } from './inverted-index';
import { Scratch } from './scratch';

// A search without words (browsing by filters, facets and a sort) walks the index's sorted orders,
// or, while they are being built, keeps only a page's worth in order. Either way its answer must be
// what sorting every match gives, as the engine did before: same hits in the same order, same
// total, same facet counts with their values listed in the same order. Equal sort keys go by agent
// id (equal-order.ts), never by document number, which a re-index renews.

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const random = seeded(2026);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// Few distinct values, so that the sort keys tie often and the ties decide the order.
const NAMES = [
  'Alpha',
  'alpha',
  'ALPHA Bot',
  'Beta',
  'beta two',
  'Émile',
  'Zed',
  'zed',
  '42 Helper',
  'Ω Agent',
];
const PROVIDERS = ['Acme', 'Northwind', 'constructor', '__proto__', '123', 'Zeta Labs'];
const CATEGORIES = ['Finance', 'Design', 'Customer Service', 'Legal'];
const ROLES = ['Bookkeeper', 'Illustrator', 'Support Agent', 'Paralegal', 'Recruiter'];
const PRICES = [null, null, 0, 5, 9.99, 20, 20, 49, 100, 250];
const LISTED = [
  undefined,
  '2026-01-01T00:00:00.000Z',
  '2026-03-05T10:00:00.000Z',
  '2026-03-05T10:00:00.001Z',
];

function generatedAgent(id: string): SearchDocument {
  const price = pick(PRICES);
  const listed = pick(LISTED);
  return searchDocument(id, {
    name: `${pick(NAMES)}${random() < 0.5 ? '' : ` ${Math.floor(random() * 20)}`}`,
    provider: pick(PROVIDERS),
    category: pick(CATEGORIES),
    role: pick(ROLES),
    pricing: price === null ? pick(['contact', 'free']) : 'paid',
    price_monthly: price,
    ...(listed ? { created_at: listed } : {}),
  });
}

// What the engine did before its sorted orders: every match, sorted whole (equals by id), counted in that order.
function previousFilter(request: SearchRequest) {
  const min = request.priceMonthly?.min;
  const max = request.priceMonthly?.max;
  const excluded = new Set(request.excludeIds ?? []);
  return (document: SearchDocument) => {
    for (const field of SPEC_FACET_FIELDS) {
      const values = request.filters?.[field];
      if (values?.length && !values.map((v) => v.toLowerCase()).includes(document[field].toLowerCase()))
        return false;
    }
    if (min !== undefined || max !== undefined) {
      const price = document.price_monthly;
      if (price === null || (min !== undefined && price < min) || (max !== undefined && price > max))
        return false;
    }
    return !excluded.has(document.id);
  };
}

function previousComparator(doc: (n: number) => SearchDocument, sort: SortOrder | undefined) {
  const byName = (a: number, b: number) => {
    const x = doc(a).name.toLowerCase();
    const y = doc(b).name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : compareAgentIds(doc(a).id, doc(b).id);
  };
  if (sort === 'newest')
    return (a: number, b: number) => {
      const x = doc(a).created_at ?? '';
      const y = doc(b).created_at ?? '';
      return x > y ? -1 : x < y ? 1 : byName(a, b);
    };
  if (sort !== 'price_asc' && sort !== 'price_desc') return byName;
  const direction = sort === 'price_asc' ? 1 : -1;
  return (a: number, b: number) => {
    const x = doc(a).price_monthly;
    const y = doc(b).price_monthly;
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return (x - y) * direction || byName(a, b);
  };
}

/**
 * Every document of the index by number. The index keeps documents as text: they are read once per
 * state of the index, not in every comparison (that took minutes on a busy CI machine) nor for each
 * of the 252 requests (12 s of the file's 22 s).
 */
function documentsOf(index: InvertedIndex): Array<SearchDocument | undefined> {
  const documents: Array<SearchDocument | undefined> = [];
  for (let n = 0; n < index.capacity; n++) documents.push(index.document(n));
  return documents;
}

function previousBrowse(documents: Array<SearchDocument | undefined>, request: SearchRequest) {
  const page = request.page ?? 0;
  const hitsPerPage = request.hitsPerPage ?? 20;
  const accept = previousFilter(request);
  const doc = (n: number) => documents[n]!;
  const all: number[] = [];
  for (let n = 0; n < documents.length; n++) {
    const document = documents[n];
    if (document && accept(document)) all.push(n);
  }
  all.sort(previousComparator(doc, request.sort));
  const facets: Record<string, Array<[string, number]>> = {};
  for (const field of request.facets ?? []) {
    const counts: Record<string, number> = Object.create(null);
    for (const n of all) {
      const value = doc(n)[field as SpecFacetField];
      counts[value] = (counts[value] ?? 0) + 1;
    }
    facets[field] = Object.entries(counts);
  }
  return {
    ids: all.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((n) => doc(n).id),
    totalHits: all.length,
    facets,
  };
}

function browse(index: InvertedIndex, scratch: Scratch, request: SearchRequest) {
  const response = executeSearch(index, scratch, request);
  const facets: Record<string, Array<[string, number]>> = {};
  for (const [field, counts] of Object.entries(response.facets)) facets[field] = Object.entries(counts);
  return { ids: response.hits.map((hit) => hit.document.id), totalHits: response.totalHits, facets };
}

const SORTS: Array<SortOrder | undefined> = [
  undefined,
  'relevance',
  'name',
  'newest',
  'price_asc',
  'price_desc',
];
const FILTERS: Array<Partial<SearchRequest>> = [
  {},
  { filters: { category: ['finance'] } },
  { filters: { category: ['Design', 'Legal'], provider: ['__proto__', 'ACME'] } },
  { priceMonthly: { min: 5, max: 49 } },
  { priceMonthly: { min: 100 }, filters: { role: ['Recruiter'] } },
  { filters: { pricing: ['contact'] }, excludeIds: ['a1', 'a2', 'a3', 'a10'] },
  { filters: { category: ['Nowhere'] } },
];
const PAGES = [
  { page: 0, hitsPerPage: 12 },
  { page: 3, hitsPerPage: 20 },
  { page: 0, hitsPerPage: 0 },
  { page: 9, hitsPerPage: 50 },
  { page: 1, hitsPerPage: 400 },
  { page: 500, hitsPerPage: 12 },
];

function expectSameAsSortingEverything(index: InvertedIndex) {
  const scratch = new Scratch();
  const documents = documentsOf(index);
  for (const sort of SORTS)
    for (const filter of FILTERS)
      for (const page of PAGES) {
        const request: SearchRequest = {
          query: '',
          sort,
          ...filter,
          ...page,
          facets: [...SPEC_FACET_FIELDS],
        };
        expect({ request, ...browse(index, scratch, request) }).toEqual({
          request,
          ...previousBrowse(documents, request),
        });
      }
}

describe('a search without words', () => {
  let index: InvertedIndex;
  beforeEach(() => {
    index = new InvertedIndex();
    index.load(Array.from({ length: 3000 }, (_, i) => generatedAgent(`a${i}`)));
  });

  it('when the sorted orders are ready, then it answers as sorting every match did', () => {
    expectSameAsSortingEverything(index);
  });

  it('when agents were edited, added and removed since, then it still answers as sorting every match did', () => {
    expectSameAsSortingEverything(index);
    for (let i = 0; i < 300; i++) index.upsert(generatedAgent(`a${Math.floor(random() * 3000)}`));
    for (let i = 0; i < 100; i++) index.upsert(generatedAgent(`new${i}`));
    for (let i = 0; i < 150; i++) index.remove(`a${Math.floor(random() * 3000)}`);
    expectSameAsSortingEverything(index);
  });

  it('while the sorted orders are being built, then it answers as sorting every match did', () => {
    jest.spyOn(index.orders, 'get').mockReturnValue(null);
    expectSameAsSortingEverything(index);
  });
});
