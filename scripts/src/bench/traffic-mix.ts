import { seededRandom } from '@agentry/domain/testing/seeded-random';
import { useCaseQueries } from './synthetic-agents';

// The visitor traffic of issue 10, as request paths: 45 % distinct searches, 15 % role lists, 15 %
// agent pages, 10 % agent API reads, 10 % categories and roles, 4 % home page, 1 % agent lists.
// Deterministic for a seed, so the two modes (one worker, several) see the same requests.

export type RequestKind =
  | 'search'
  | 'role list'
  | 'agent page'
  | 'agent api'
  | 'categories/roles'
  | 'home'
  | 'agent list';

export const MIX: ReadonlyArray<[RequestKind, number]> = [
  ['search', 45],
  ['role list', 15],
  ['agent page', 15],
  ['agent api', 10],
  ['categories/roles', 10],
  ['home', 4],
  ['agent list', 1],
];

export interface Catalog {
  /** Agent ids as the API names them. */
  ids: readonly string[];
  /** (category, role) pairs that exist. */
  roles: ReadonlyArray<{ category: string; role: string }>;
  categories: readonly string[];
}

export interface PlannedRequest {
  kind: RequestKind;
  path: string;
}

/** `count` requests in the mix's proportions, shuffled; every search is a query never asked before. */
export function planTraffic(catalog: Catalog, count: number, seed = 1): PlannedRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const searches = useCaseQueries(Math.ceil((count * 45) / total) + 10, seed).map(
    (query, i) => `${query} ${i.toString(36)}`,
  );
  let nextSearch = 0;
  const requests: PlannedRequest[] = [];
  for (let i = 0; i < count; i++) {
    let roll = random() * total;
    let kind: RequestKind = 'search';
    for (const [candidate, weight] of MIX) {
      if (roll < weight) {
        kind = candidate;
        break;
      }
      roll -= weight;
    }
    requests.push({ kind, path: pathFor(kind) });
  }
  return requests;

  function pathFor(kind: RequestKind): string {
    switch (kind) {
      case 'search':
        return `/api/search?${new URLSearchParams({ query: searches[nextSearch++ % searches.length]! })}`;
      case 'role list': {
        const { category, role } = pick(catalog.roles);
        return `/api/search-by-role?${new URLSearchParams({ role, category })}`;
      }
      case 'agent page':
        return `/agents/${encodeURIComponent(pick(catalog.ids))}`;
      case 'agent api':
        return `/api/agents/${encodeURIComponent(pick(catalog.ids))}`;
      case 'categories/roles':
        return random() < 0.5
          ? '/api/categories'
          : `/api/roles?${new URLSearchParams({ category: pick(catalog.categories) })}`;
      case 'home':
        return '/';
      case 'agent list':
        return '/api/agents';
    }
  }
}

export interface VisitorSlices {
  /** The closed loop's requests (none when it does not run). */
  closed: PlannedRequest[];
  /** The warm-up's. */
  warm: PlannedRequest[];
  /** The open loop's: as many as it sends. */
  open: PlannedRequest[];
}

/**
 * The parts of a plan of 400,000 that bench:load's runs send, at the places they always took
 * (closed from 0, open from 200,000, warm-up from 300,000); the rest is left to the garbage
 * collector, so the generator's own heap, and its pauses, stay small.
 */
export function visitorSlices(
  plan: readonly PlannedRequest[],
  runs: { closed: boolean; open: number },
): VisitorSlices {
  return {
    closed: runs.closed ? plan.slice(0, 200_000) : [],
    warm: plan.slice(300_000, 340_000),
    open: plan.slice(200_000, 200_000 + Math.min(Math.max(1, Math.ceil(runs.open)), 100_000)),
  };
}
