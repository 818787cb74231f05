import { INSTANTSEARCH_MAX_DEPTH, SEARCH_PAGE_MAX } from '@agentry/domain/request-bounds';
import {
  DIGEST_AGENTS_SHOWN_MAX,
  describeSavedSearch,
  nextDigestAt,
  type SavedSearchQuery,
  savedSearchMatchKey,
  savedSearchPath,
} from '@agentry/domain/saved-searches';
import type { MailMessage } from '@agentry/platform/mail/port';
import type { SearchDocument, SearchRequest, SearchResponse } from '@agentry/platform/search/port';
import type { SavedSearchRecord } from '@agentry/platform/store/port';
import { unsubscribePath, unsubscribeToken } from '../../auth/digest-unsubscribe';
import { searchDigestMessage } from '../../mail/digest-messages';
import { employerScopeOf } from '../../policies/employer-scope';
import type { Action } from '../command';
import type { Services } from '../services';
import { ChangedAgents } from './changed-agents';

// The digests of saved searches (issue 28, item 3): for each search whose digest is due, the
// listed agents added or changed since its last digest that the search matches now, in one e-mail
// to the employer who saved it. Run by the API's background job (jobs/digest-jobs.ts) and by
// `npm run digests`. Work is done one search at a time with a turn of the event loop between
// searches, so requests are never held for more than one search (bench:digests measures it).
//
// - Which agents changed is read from the store once per run, for the oldest window a due search
//   needs (changed-agents.ts); a search with no change in its window costs no search at all.
// - A search's matches are what the employer search would list: the engine's matches (the match
//   floor) of the query, filters and price range, up to INSTANTSEARCH_MAX_DEPTH deep, as deep as
//   the screen pages. Searches that find the same agents (savedSearchMatchKey) run once per run.
// - Each digest is claimed in the store before its e-mail goes (compare and set on the last
//   digest's time), so two processes, or a run and a retry, never send the same digest twice.
// - While search answers from the store's plain matching (the index is loading or down), the run
//   stops and the due searches wait for the next run: no e-mail from a lesser matcher.

/** What the digests use: the store, mail, the clock, the public origin, and search. */
export type DigestServices = Pick<Services, 'store' | 'mailer' | 'logger' | 'config' | 'now'> & {
  /** The API's search (SearchService.search): `degraded` when the store's plain matching answered. */
  search: (request: SearchRequest) => Promise<{ response: SearchResponse; degraded: boolean }>;
  /** Signs the unsubscribe links (the session secret). */
  secret: string;
};

export interface DigestRunOptions {
  /** Searches looked at in this run, at most (a background turn takes a bounded share). */
  limit?: number;
  /** Every search with alerts on, due or not (`npm run digests -- --all`). */
  everyAlerting?: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface DigestRunResult {
  /** Saved searches looked at. */
  examined: number;
  /** E-mails handed to the mailer. */
  sent: number;
  /** Searches with nothing new to tell (their next digest is scheduled). */
  quiet: number;
  /** Searches whose author cannot receive it (not an active employer any more). */
  skipped: number;
  /** Searches the engine ran (after deduplication). */
  searches: number;
  /** The run stopped because search answered from the store: due searches wait. */
  searchNotReady: boolean;
}

const BATCH = 100;
const FAR_FUTURE = new Date('9999-12-31T00:00:00.000Z');
/** Distinct searches whose matches a run keeps at once. */
const MATCH_CACHE_MAX = 2000;

class SearchNotReady extends Error {}

type Match = Pick<SearchDocument, 'id' | 'name' | 'provider' | 'role'>;

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const sendDigests: Action<DigestServices, DigestRunOptions, DigestRunResult> = async (
  deps,
  options,
) => {
  const { store, logger } = deps;
  const now = new Date(deps.now());
  const dueAt = options.everyAlerting ? FAR_FUTURE : now;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const result: DigestRunResult = {
    examined: 0,
    sent: 0,
    quiet: 0,
    skipped: 0,
    searches: 0,
    searchNotReady: false,
  };
  const total = Math.min(limit, await store.savedSearches.countDue(dueAt));
  const changed = new ChangedAgents(store.savedSearches, now);
  const matchCache = new Map<string, Promise<Match[]>>();

  const matchesOf = (search: SavedSearchQuery): Promise<Match[]> => {
    const key = savedSearchMatchKey(search);
    let matches = matchCache.get(key);
    if (!matches) {
      if (matchCache.size >= MATCH_CACHE_MAX) matchCache.clear();
      result.searches += 1;
      matches = runSearch(deps, search);
      matchCache.set(key, matches);
    }
    return matches;
  };

  const digestOne = async (saved: SavedSearchRecord) => {
    const nextAt = nextDigestAt(saved.alert, now)?.toISOString() ?? null;
    const claim = () =>
      store.savedSearches.claimDigest(saved.id, saved.last_digest_at, now.toISOString(), nextAt);
    const since = new Date(saved.last_digest_at);
    await changed.load(since);
    if (!changed.anySince(since)) {
      if (await claim()) result.quiet += 1;
      return;
    }
    // The one who saved it receives it, while they still have the employer tools: their own plan,
    // or their team's, and the search is still their scope's (a member who left gets none).
    const author = await store.users.findById(saved.created_by);
    const scope = author ? await employerScopeOf(store, author) : null;
    if (!author || !scope?.planActive || scope.ownerId !== saved.owner_id) {
      if (await claim()) result.skipped += 1;
      return;
    }
    const news = (await matchesOf(saved.search)).filter((match) => changed.changedSince(match.id, since));
    if (news.length === 0) {
      if (await claim()) result.quiet += 1;
      return;
    }
    // Claimed first: should the mail fail, the digest is not sent again (never twice).
    if (!(await claim())) return;
    const shown = news.slice(0, DIGEST_AGENTS_SHOWN_MAX);
    const link = (path: string) => `${deps.config.publicUrl}${path}`;
    const message = searchDigestMessage({
      to: author.email,
      fullName: author.full_name,
      searchName: saved.name,
      description: describeSavedSearch(saved.search),
      alert: saved.alert,
      agents: shown.map((match) => ({
        name: match.name,
        provider: match.provider,
        role: match.role,
        isNew: changed.createdSince(match.id, since),
        link: link(`/agents/${encodeURIComponent(match.id)}`),
      })),
      more: news.length - shown.length,
      searchLink: link(savedSearchPath(saved.search)),
      unsubscribeLink: link(
        unsubscribePath(saved.id, unsubscribeToken(deps.secret, saved.id, saved.created_by)),
      ),
    });
    const sent = await sendQuietly(deps, message, saved.id);
    if (sent) result.sent += 1;
  };

  let after: string | undefined;
  try {
    while (result.examined < limit && !options.signal?.aborted) {
      const batch = await store.savedSearches.listDue(dueAt, Math.min(BATCH, limit - result.examined), after);
      if (batch.length === 0) break;
      for (const saved of batch) {
        if (options.signal?.aborted) break;
        after = saved.id;
        result.examined += 1;
        await digestOne(saved);
        options.onProgress?.(result.examined, Math.max(total, result.examined));
        await yieldToEventLoop();
      }
    }
  } catch (error) {
    if (!(error instanceof SearchNotReady)) throw error;
    result.searchNotReady = true;
    logger.warn({ examined: result.examined }, 'digests wait: search answers from the store for now');
  }
  return result;
};

const rangeOf = (min: number | null, max: number | null) =>
  min === null && max === null ? undefined : { min: min ?? undefined, max: max ?? undefined };

/** The search's matches, best first, as the employer search lists them (its first pages). */
async function runSearch(deps: DigestServices, search: SavedSearchQuery): Promise<Match[]> {
  const matches: Match[] = [];
  const request: SearchRequest = {
    query: search.query,
    filters: search.filters,
    priceMonthly: rangeOf(search.price_min, search.price_max),
    startingPriceMonthly: rangeOf(search.starting_price_min, search.starting_price_max),
    hitsPerPage: SEARCH_PAGE_MAX,
    highlight: false,
  };
  for (let page = 0; page * SEARCH_PAGE_MAX < INSTANTSEARCH_MAX_DEPTH; page++) {
    const { response, degraded } = await deps.search({ ...request, page });
    if (degraded) throw new SearchNotReady();
    const onPage = Math.max(0, Math.min(response.hits.length, response.matchCount - page * SEARCH_PAGE_MAX));
    for (const hit of response.hits.slice(0, onPage)) {
      const { id, name, provider, role } = hit.document;
      matches.push({ id, name, provider, role });
    }
    if (onPage < SEARCH_PAGE_MAX || (page + 1) * SEARCH_PAGE_MAX >= response.matchCount) break;
    await yieldToEventLoop();
  }
  return matches;
}

/** Hands the digest to the mailer; a failure is logged (search id and recipient domain only) and the run goes on. */
async function sendQuietly(deps: DigestServices, message: MailMessage, searchId: string): Promise<boolean> {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (error) {
    deps.logger.error(
      {
        kind: message.kind,
        search: searchId,
        toDomain: message.to.split('@')[1] ?? '',
        code: (error as Error).name,
      },
      'digest could not be sent',
    );
    return false;
  }
}
