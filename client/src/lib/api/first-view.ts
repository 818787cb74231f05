import type { InstantSearchResult } from '@agentry/domain/contract/search';
import { FIRST_VIEW_ELEMENT_ID, type FirstView } from '@agentry/domain/first-view';
import { ApiError, type ApiPage } from './api-client';

// The first view's answers the server put in the page (domain/src/first-view.ts): each is used
// once, by the first request for it, and only while the address is still the one the page was
// served for. A later visit to the same view asks the API like any other.

let view: FirstView | null | undefined;
let servedFor: string | null = null;
/** On the server, while entry-server.tsx renders a page: that page's answers. */
let serving: FirstView | null = null;

const addressNow = () => `${window.location.pathname}${window.location.search}`;

function firstView(): FirstView | null {
  if (serving) return serving;
  if (typeof window === 'undefined') return null;
  if (view !== undefined) return servedFor === addressNow() ? view : null;
  view = null;
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (element) {
    servedFor = addressNow();
    try {
      const parsed: unknown = JSON.parse(element.textContent ?? '');
      if (typeof parsed === 'object' && parsed !== null && 'reads' in parsed) view = parsed as FirstView;
    } catch {
      // A block that does not parse is no first view: the client asks the API.
    }
    element.remove();
  }
  return view;
}

/**
 * The answer the page carries for GET `path`, taken (a second ask gets undefined). Throws the
 * API's 404 when the page was served as not found for it (a provider that has no page).
 */
export function takeFirstRead<T>(path: string): T | undefined {
  const current = firstView();
  const missing = current?.missing;
  if (missing && Object.hasOwn(missing, path)) {
    const message = missing[path] ?? 'Not found';
    delete missing[path];
    throw new ApiError(404, message, { error: message });
  }
  const reads = current?.reads;
  if (!reads || !Object.hasOwn(reads, path)) return undefined;
  const answer = reads[path] as T;
  delete reads[path];
  return answer;
}

/** The page of a paged list the page carries for GET `path`, taken (a second ask gets undefined). */
export function takeFirstPage<T>(path: string): ApiPage<T> | undefined {
  const pages = firstView()?.pages;
  if (!pages || !Object.hasOwn(pages, path)) return undefined;
  const page = pages[path] as { items: T[]; total: number };
  delete pages[path];
  return { items: page.items, total: page.total };
}

/** Whether the page carries a first view for the address it is at (or the server renders one). */
export function hasFirstView(): boolean {
  return firstView() !== null;
}

/** The first page of the home search for `query` the page carries, taken. */
export function takeFirstSearch(query: string): InstantSearchResult | undefined {
  const current = firstView();
  if (!current?.search || current.search.query !== query) return undefined;
  const { result } = current.search;
  delete current.search;
  return result;
}

/** Runs the server's synchronous render of a page with that page's answers (entry-server.tsx). */
export function servingFirstView<T>(page: FirstView, render: () => T): T {
  // A copy: taking an answer must not change the caller's (cached) view.
  serving = {
    reads: { ...page.reads },
    ...(page.pages ? { pages: { ...page.pages } } : {}),
    ...(page.missing ? { missing: { ...page.missing } } : {}),
    ...(page.search ? { search: page.search } : {}),
  };
  try {
    return render();
  } finally {
    serving = null;
  }
}

/** Forgets what was read (tests). */
export function resetFirstView(): void {
  view = undefined;
  servedFor = null;
}
