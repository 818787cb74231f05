import { type ReactNode, useEffect, useId, useState } from 'react';
import { useCurrentRefinements } from 'react-instantsearch';

// The advanced search's filters. On a wide screen they stand open beside the results, as always.
// On a phone about 22 filters came before the first result (newcomer pass, session 11), so there
// they start folded behind one button that says how many are in force; the widgets stay mounted
// while folded (unmounting one would drop its filter from the state and the URL).

/** The layout's breakpoint (employer-search.css): two columns from here up. */
export const WIDE_SCREEN = '(min-width: 900px)';

/** Whether the screen is wide now, and on every change (a phone turned, a window resized). */
function useWideScreen(): boolean {
  const [wide, setWide] = useState(() =>
    typeof window === 'undefined' || typeof window.matchMedia !== 'function'
      ? true
      : window.matchMedia(WIDE_SCREEN).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE_SCREEN);
    const changed = () => setWide(query.matches);
    query.addEventListener?.('change', changed);
    return () => query.removeEventListener?.('change', changed);
  }, []);
  return wide;
}

export function filtersButtonText(active: number): string {
  return active === 0 ? 'Filters' : `Filters (${active} active)`;
}

export function FilterPanel({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  const wide = useWideScreen();
  const [open, setOpen] = useState(false);
  const { items } = useCurrentRefinements();
  const active = items.reduce((sum, item) => sum + item.refinements.length, 0);
  const bodyId = useId();
  const folded = !wide && !open;

  return (
    <aside className="employer-search__filters" aria-labelledby="employer-filters-title">
      <h2 id="employer-filters-title" className="employer-search__filters-title">
        {wide ? (
          'Filters'
        ) : (
          <button
            type="button"
            className="employer-search__filters-toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((was) => !was)}
          >
            {filtersButtonText(active)}
          </button>
        )}
      </h2>
      <div id={bodyId} className="employer-search__filters-body" hidden={folded}>
        {children}
        {wide ? null : (
          // Closes the panel and takes the keyboard to the results count, past the filters.
          <button
            type="button"
            className="button button--primary employer-search__filters-done"
            onClick={() => {
              setOpen(false);
              onDone();
            }}
          >
            Show the results
          </button>
        )}
      </div>
    </aside>
  );
}
