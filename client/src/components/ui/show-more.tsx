// "Show more" under a list read a page at a time (usePagedList and the like): nothing once every
// item is shown, "Loading..." while the next page comes, and the failure announced if it does not.

export function ShowMore({
  shown,
  total,
  more,
  onMore,
  label = 'Show more',
  failure,
  disabled = false,
  className = 'show-more',
}: {
  shown: number;
  total: number;
  more: 'idle' | 'loading' | 'error';
  onMore: () => void;
  label?: string;
  /** What to say when the next page could not be read. */
  failure: string;
  disabled?: boolean;
  className?: string;
}) {
  if (shown >= total) return null;
  return (
    <div className={className}>
      <button
        className="button button--secondary"
        type="button"
        disabled={disabled || more === 'loading'}
        onClick={onMore}
      >
        {more === 'loading' ? 'Loading...' : label}
      </button>
      {more === 'error' ? (
        <p className="form-field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
