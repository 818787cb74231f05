import { seededRandom } from '@agentry/domain/testing/seeded-random';
import { useCaseQueries } from './synthetic-agents';
import { type Catalog, type PlannedRequest, planTraffic, type RequestKind } from './traffic-mix';

// The whole product's traffic (issue 15): the visitor mix of issue 10, plus what signed-in people
// do — providers reading their dashboard and editing their agent, employers searching with
// filters, reading their lists and requests and writing to them — plus sign-ins and sign-ups.
// Weights are per 10,000 actions; an action is what one click costs (a write is the CSRF token
// read and the write, as the client sends them). Deterministic for a seed.

export type ProductKind =
  | RequestKind
  | 'session check'
  | 'employer search'
  | 'shortlists'
  | 'sent requests'
  | 'compare'
  | 'provider agents'
  | 'provider analytics'
  | 'provider inbox'
  | 'csrf token'
  | 'edit agent'
  | 'shortlist add'
  | 'shortlist remove'
  | 'contact request'
  | 'inbox status'
  | 'sign-in'
  | 'register provider'
  | 'register employer'
  | 'register agent';

/** Who acts: an anonymous visitor, a signed-in provider or employer, or a newcomer signing up. */
export type Actor = 'visitor' | 'provider' | 'employer' | 'member' | 'newcomer';

export interface MixEntry {
  kind: ProductKind;
  weight: number;
  actor: Actor;
  write: boolean;
}

const visitor = (kind: RequestKind, weight: number): MixEntry => ({
  kind,
  weight,
  actor: 'visitor',
  write: false,
});

export const PRODUCT_MIX: readonly MixEntry[] = [
  // 72 %: the visitor mix of issue 10, in its proportions.
  visitor('search', 3240),
  visitor('role list', 1080),
  visitor('agent page', 1080),
  visitor('agent api', 720),
  visitor('categories/roles', 720),
  visitor('home', 290),
  visitor('agent list', 70),
  // Every page a signed-in person opens asks who they are.
  { kind: 'session check', weight: 600, actor: 'member', write: false },
  { kind: 'employer search', weight: 800, actor: 'employer', write: false },
  { kind: 'shortlists', weight: 200, actor: 'employer', write: false },
  { kind: 'sent requests', weight: 120, actor: 'employer', write: false },
  { kind: 'compare', weight: 100, actor: 'employer', write: false },
  { kind: 'provider agents', weight: 250, actor: 'provider', write: false },
  { kind: 'provider analytics', weight: 200, actor: 'provider', write: false },
  { kind: 'provider inbox', weight: 150, actor: 'provider', write: false },
  { kind: 'edit agent', weight: 80, actor: 'provider', write: true },
  // Adds until the bench's part of the list holds 5, then removes the oldest (the kind says which).
  { kind: 'shortlist add', weight: 80, actor: 'employer', write: true },
  { kind: 'inbox status', weight: 50, actor: 'provider', write: true },
  // Few: each employer may send 10 an hour (the store's throttle); see planProduct.
  { kind: 'contact request', weight: 8, actor: 'employer', write: true },
  // Password hashing costs most (Argon2id 20-65 ms of a core; the scrypt before it 0.4 s): sign-ins
  // and sign-ups are kept at the share a directory sees (a sign-in every 500 actions), not more.
  { kind: 'sign-in', weight: 20, actor: 'member', write: true },
  { kind: 'register provider', weight: 5, actor: 'newcomer', write: true },
  { kind: 'register employer', weight: 5, actor: 'newcomer', write: true },
  { kind: 'register agent', weight: 12, actor: 'newcomer', write: true },
];

/** Kinds recorded besides the mix's own: the CSRF token read before each write. */
export const WRITE_KINDS: ReadonlySet<ProductKind> = new Set([
  ...PRODUCT_MIX.filter((entry) => entry.write).map((entry) => entry.kind),
  'shortlist remove',
]);

export interface ProductAction {
  kind: ProductKind;
  actor: Exclude<Actor, 'member'>;
  /** Index of the person in their pool (visitors, providers, employers), or the newcomer's number. */
  who: number;
  /** The GET path of a visitor read or a compare. */
  path?: string;
  /** The employer search's InstantSearch requests. */
  search?: Array<{ indexName: string; params: Record<string, unknown> }>;
  /** A contact request's provider (whose agent it is about). */
  target?: number;
}

export interface Pools {
  providers: number;
  employers: number;
  /** Anonymous visitors' addresses; each visit is VISIT_LENGTH requests from one address. */
  visitors: number;
}

const VISIT_LENGTH = 8;
const SORTS = ['agents', 'agents', 'agents', 'agents_price_asc', 'agents_newest'];
const FACETS = ['category', 'role', 'provider', 'pricing'];

/** Requests an action sends (the CSRF token read counts): to turn a request rate into an action rate. */
export function requestsPerAction(kind: ProductKind): number {
  return WRITE_KINDS.has(kind) ? 2 : 1;
}

export function meanRequestsPerAction(mix: readonly MixEntry[] = PRODUCT_MIX): number {
  const total = mix.reduce((sum, entry) => sum + entry.weight, 0);
  return mix.reduce((sum, entry) => sum + entry.weight * requestsPerAction(entry.kind), 0) / total;
}

/**
 * `count` actions in the mix's proportions. Contact requests go to employers in turn (employer k,
 * then k+1…), each about another provider's agent than its last, so no employer passes its 10 an
 * hour or asks twice about one agent within 10 minutes unless the rate asks for it
 * (see contactsPerEmployerPerHour).
 */
export function planProduct(
  catalog: Catalog,
  pools: Pools,
  count: number,
  seed = 1,
  mix: readonly MixEntry[] = PRODUCT_MIX,
): ProductAction[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const total = mix.reduce((sum, entry) => sum + entry.weight, 0);
  const visitorShare = mix.filter((entry) => entry.actor === 'visitor').reduce((s, e) => s + e.weight, 0);
  const visits: PlannedRequest[] = planTraffic(catalog, Math.ceil((count * visitorShare) / total) + 10, seed);
  const queries = useCaseQueries(2000, seed + 1);
  let visitorRequests = 0;
  let contacts = 0;
  let newcomers = 0;
  const actions: ProductAction[] = [];
  for (let i = 0; i < count; i++) {
    let roll = random() * total;
    let entry = mix[0]!;
    for (const candidate of mix) {
      if (roll < candidate.weight) {
        entry = candidate;
        break;
      }
      roll -= candidate.weight;
    }
    actions.push(actionFor(entry));
  }
  return actions;

  function actionFor(entry: MixEntry): ProductAction {
    if (entry.actor === 'visitor') {
      // The visitor plan has the same proportions: take its next request whatever its kind.
      const request = visits[visitorRequests % visits.length]!;
      const who = Math.floor(visitorRequests / VISIT_LENGTH) % pools.visitors;
      visitorRequests += 1;
      return { kind: request.kind, actor: 'visitor', who, path: request.path };
    }
    if (entry.actor === 'newcomer') return { kind: entry.kind, actor: 'newcomer', who: newcomers++ };
    const actor = entry.actor === 'member' ? (random() < 0.5 ? 'provider' : 'employer') : entry.actor;
    const size = actor === 'provider' ? pools.providers : pools.employers;
    const action: ProductAction = { kind: entry.kind, actor, who: Math.floor(random() * size) };
    if (entry.kind === 'contact request') {
      action.who = contacts % pools.employers;
      // The n-th round of contacts: employer k asks about provider (k·7 + n + 1)'s agent (the seeded
      // accounts' own request, before the run, was about provider k·7's).
      action.target = (action.who * 7 + 1 + Math.floor(contacts / pools.employers)) % pools.providers;
      contacts += 1;
    } else if (entry.kind === 'compare') {
      // Three different agents (the API refuses a comparison of one agent with itself).
      const ids = new Set<string>();
      while (ids.size < Math.min(3, catalog.ids.length)) ids.add(pick(catalog.ids));
      action.path = `/api/compare?${new URLSearchParams({ ids: [...ids].join(',') })}`;
    } else if (entry.kind === 'employer search') {
      action.search = employerSearch();
    }
    return action;
  }

  /** What the advanced search sends: the main query and, per refined facet, its disjunctive query. */
  function employerSearch(): ProductAction['search'] {
    const indexName = pick(SORTS);
    // The page browses by filters as often as it searches by words.
    const query = random() < 0.4 ? '' : pick(queries);
    const category = random() < 0.5 ? pick(catalog.categories) : null;
    const price = random() < 0.3 ? ['price_monthly>=5', `price_monthly<=${pick([50, 100, 200])}`] : [];
    const page = random() < 0.2 ? 1 : 0;
    const main = {
      query,
      hitsPerPage: 12,
      page,
      facets: FACETS,
      maxValuesPerFacet: 10,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      ...(category ? { facetFilters: [[`category:${category}`]] } : {}),
      ...(price.length ? { numericFilters: price } : {}),
    };
    const requests = [{ indexName, params: main }];
    if (category) {
      requests.push({
        indexName,
        params: {
          ...main,
          hitsPerPage: 0,
          page: 0,
          facets: ['category'],
          facetFilters: [] as string[][],
        },
      });
    }
    return requests;
  }
}

/** The mix without the named kinds (`--without sign-in,register provider`), to tell their cost apart. */
export function mixWithout(names: readonly string[]): MixEntry[] {
  const unknown = names.filter((name) => !PRODUCT_MIX.some((entry) => entry.kind === name));
  if (unknown.length) throw new Error(`--without: no kind named ${unknown.join(', ')}`);
  return PRODUCT_MIX.filter((entry) => !names.includes(entry.kind));
}

/** Contact requests each employer sends an hour at `actionsPerSecond` (the store allows 10). */
export function contactsPerEmployerPerHour(actionsPerSecond: number, employers: number): number {
  const total = PRODUCT_MIX.reduce((sum, entry) => sum + entry.weight, 0);
  const share = PRODUCT_MIX.find((entry) => entry.kind === 'contact request')!.weight / total;
  return (actionsPerSecond * share * 3600) / employers;
}
