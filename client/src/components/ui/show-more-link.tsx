import { type MouseEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

// "Show more" under a list whose pages are addresses of their own (hooks/use-address-pages.ts,
// issue 25: a provider's page, a directory category or role): a real link to the next page
// (?page=N), so it works before and without JavaScript, and opened in a new tab as a link is; a
// plain click appends the next page in place instead, with no reload, and the first new item
// takes the focus (useAppendedFocus).

/** A plain click (no modifier key, the main button): the one "Show more" answers in place. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Moves the focus to the first item "Show more" brought, once it is shown (the link may be gone
 * by then): `expect()` as more are asked for, `refAt(index)` on each item of the list.
 */
export function useAppendedFocus(count: number): {
  expect: () => void;
  refAt: (index: number) => RefObject<HTMLLIElement | null> | undefined;
} {
  const firstNew = useRef<HTMLLIElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current !== null && count > focusFrom.current) {
      focusFrom.current = null;
      firstNew.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    }
  }, [count]);
  return {
    expect: () => {
      focusFrom.current = count;
    },
    refAt: (index) => (index === focusFrom.current ? firstNew : undefined),
  };
}

export function ShowMoreLink({
  hasMore,
  nextHref,
  firstHref,
  more,
  onMore,
  failure,
  className = 'show-more show-more--pages',
  children,
}: {
  hasMore: boolean;
  /** The next page's address (?page=N). */
  nextHref: string;
  /** The list's first page, linked from page 2 on; null on the first. */
  firstHref: string | null;
  more: 'idle' | 'loading' | 'error';
  /** Appends the next page in place. */
  onMore: () => void;
  /** What to say when the next page could not be read (omitted: said elsewhere). */
  failure?: string;
  className?: string;
  /** The summary above the link ("Showing 24 of 60 agents"). */
  children?: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Without JavaScript, or opened in a new tab, the link opens the next page; here the next page
    // is appended in place, with no reload.
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onMore();
  };
  return (
    <div className={className}>
      {children}
      {hasMore ? (
        <Link
          className="button button--secondary"
          to={nextHref}
          onClick={onClick}
          aria-disabled={more === 'loading' ? true : undefined}
        >
          {more === 'loading' ? 'Loading...' : 'Show more'}
        </Link>
      ) : null}
      {firstHref ? (
        <p>
          <Link to={firstHref}>Back to the first agents</Link>
        </p>
      ) : null}
      {more === 'error' && failure ? (
        <p className="form-field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
