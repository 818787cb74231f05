import type { InstantSearchResult } from './contract/search';

// The first view's data (issue 25, speed as felt): the server puts in the page's HTML what the
// client would otherwise ask the API for right after starting (the agent of an agent page, the
// count and storefront of the home page, the first results of a shared search link), so the first
// view paints without a round trip on a slow network. It rides in a JSON data block, which is
// never executed (the strict Content-Security-Policy needs no exception), and holds only public
// answers: nothing that depends on who asks, so any page of it may be shared.

/** The id of the `<script type="application/json">` block. */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';

/** The home search's index and page size: the client asks with these, the server answers them. */
export const HOME_SEARCH_INDEX = 'agents';
export const HOME_HITS_PER_PAGE = 12;
/** InstantSearch's own highlight markers, which the home search's requests carry. */
export const HOME_HIGHLIGHT_TAGS = { pre: '__ais-highlight__', post: '__/ais-highlight__' } as const;

/** One page of a paged list as the API answers it: its items and how many there are in all. */
export interface FirstPage {
  items: unknown[];
  total: number;
}

export interface FirstView {
  /** Answers of GET requests, keyed by the path and query the client asks them with. */
  reads: Record<string, unknown>;
  /**
   * Answers of paged GET requests (the directory's lists), keyed the same way: the array the API
   * answers and the total its X-Total-Count header gives.
   */
  pages?: Record<string, FirstPage>;
  /** GET requests the API answers with 404, with its message: the page is rendered as not found. */
  missing?: Record<string, string>;
  /** The home search's first page for `query`, as POST /api/instantsearch/multi-search answers it. */
  search?: { query: string; result: InstantSearchResult };
}

/**
 * The data block's text. JSON with every `<`, `>` and `&` written as a \u escape (the same value
 * to JSON.parse), so no `</script>` or `<!--` in a name or description can end the block early.
 */
export function firstViewScript(view: FirstView): string {
  const json = JSON.stringify(view).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${json}</script>`;
}
