import type { SearchRequest } from '@agentry/platform/search/port';

// A worker's first searches on a freshly loaded index are dear (issue 24): one process at load 24,
// asked one request at a time right after its index was current, took 1,768, 534 and 1,294 ms for
// its first three searches, a mean of 95 ms for searches 10-50 and 16 ms from the thousandth on
// (its code compiled as it runs, the index's structures read for the first time). Under the open
// loop's 135 searches a second the first of them queued the others for seconds: without a warm-up
// the first 10 s after a start answered at a p99 of 4.5-5.7 s. So before /readyz says the worker
// may get traffic (lifecycle/readiness.ts: search 'warming'), it asks its own engine a few distinct
// searches of each shape a visitor sends (words, a role's list, an unknown word, an agent's name),
// one after another, answers dropped; bounded in count and time, so a start is never held long
// for it. A load balancer that waits for /readyz then sends the first visitors to a warm worker.

/** How many searches the warm-up asks at most. */
export const WARM_SEARCHES = 24;
/** How long the warm-up may take in all (ms): past it, the worker says ready with what it warmed. */
export const WARM_BUDGET_MS = 2000;

const TASKS = ['answer', 'summarize', 'schedule', 'write', 'find', 'translate', 'review', 'plan'];
const OBJECTS = ['customer emails', 'meeting notes', 'invoices', 'job posts', 'support tickets', 'reports'];
const AUDIENCES = ['small businesses', 'online stores', 'clinics', 'recruiters', 'developers', 'schools'];

/**
 * The warm-up's searches: use cases built from common words (a different one each, so the engine's
 * kept answers do not answer them), every third a role's list (its name-sorted page) and every
 * fifth a use case ending in a word no agent has (the look-alikes); `roles` are the catalog's.
 */
export function warmRequests(roles: readonly string[], count = WARM_SEARCHES): SearchRequest[] {
  const requests: SearchRequest[] = [];
  for (let i = 0; i < count; i++) {
    // Each role once: a role's list asked again is a kept answer, which warms nothing.
    const role = roles[Math.floor(i / 3)];
    if (role !== undefined && i % 3 === 2) {
      requests.push({ query: '', filters: { role: [role] }, sort: 'name', hitsPerPage: 20 });
      continue;
    }
    // Distinct for the first 48 (8 tasks by 6 objects; the audience follows the object).
    const words = `${TASKS[i % TASKS.length]} ${OBJECTS[(i + Math.floor(i / 24)) % OBJECTS.length]} for ${AUDIENCES[i % AUDIENCES.length]}`;
    requests.push({ query: i % 5 === 4 ? `${words} zqx${i}` : words, hitsPerPage: 20 });
  }
  return requests;
}

export interface WarmSearchOptions {
  /** The clock the budget is read on (tests pass their own). */
  now?: () => number;
  budgetMs?: number;
  /** Between two searches: the worker's sockets are read (a request that came meanwhile runs). */
  pause?: () => Promise<void>;
}

/**
 * Asks `search` each of `requests` in turn, until they are done or the budget is spent; a search
 * that fails is passed over (a failing engine is the search check's to report, not the warm-up's).
 * Resolves with how many were asked.
 */
export async function warmSearches(
  search: (request: SearchRequest) => Promise<unknown>,
  requests: readonly SearchRequest[],
  options: WarmSearchOptions = {},
): Promise<number> {
  const now = options.now ?? (() => performance.now());
  const budgetMs = options.budgetMs ?? WARM_BUDGET_MS;
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const started = now();
  let asked = 0;
  for (const request of requests) {
    if (now() - started >= budgetMs) break;
    asked += 1;
    try {
      await search(request);
    } catch {
      // Passed over: see above.
    }
    await pause();
  }
  return asked;
}

/** Catalogs smaller than this start warm enough (the demo's, tests'): no warm-up. */
export const WARM_FROM_AGENTS = 10_000;

export interface WarmUpSources {
  /** The catalog's size and roles (the store). */
  agents: { count(): Promise<number>; roles(): Promise<string[]> };
  search: { search(request: SearchRequest): Promise<unknown> };
  /** Calls `then` once the index is current (search-freshness.ts), at once if it is. */
  freshness: { onCurrent(then: () => void): unknown };
  logger: { info(fields: object, message: string): void };
}

/**
 * The API's warm-up: begun once the index is current; `warming` holds until it is done (the search
 * readiness check says so meanwhile). Never fails the start: whatever goes wrong ends the warm-up.
 */
export function warmUpWhenCurrent(
  sources: WarmUpSources,
  options: WarmSearchOptions = {},
): { readonly warming: boolean } {
  let warming = true;
  sources.freshness.onCurrent(() => {
    const started = performance.now();
    void (async () => {
      if ((await sources.agents.count()) < WARM_FROM_AGENTS) return;
      const asked = await warmSearches(
        (request) => sources.search.search(request),
        warmRequests(await sources.agents.roles()),
        options,
      );
      sources.logger.info(
        { searches: asked, ms: Math.round(performance.now() - started) },
        'search warmed up',
      );
    })()
      .catch(() => {})
      .finally(() => {
        warming = false;
      });
  });
  return {
    get warming() {
      return warming;
    },
  };
}
