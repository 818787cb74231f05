import { type FormEvent, useEffect, useState } from 'react';
import { useInstantSearch, useRange } from 'react-instantsearch';
import { RANGES, type RangeConfig } from '../utils/search-config';
import { formatPriceRange, parsePriceRange } from '../utils/search-route';

// A price range: two number fields and Apply. useRange registers the range with InstantSearch
// (its URL state and the numeric filters on its attribute: price_monthly, or the profile's
// starting_price_monthly); the bounds are set through the UI state, as the server gives no price
// statistics for the range widget's own checks.

function bound(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export function PriceRange({ range: config = RANGES[0] }: { range?: RangeConfig }) {
  const attribute = config.attribute;
  const noteId = `${attribute}-range-note`;
  useRange({ attribute });
  const { indexUiState, setIndexUiState } = useInstantSearch();
  const applied = indexUiState.range?.[attribute] ?? '';
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Follow the range when it changes elsewhere: a removed filter, Clear all, the back button.
  useEffect(() => {
    const range = parsePriceRange(applied);
    setMin(range.min === undefined ? '' : String(range.min));
    setMax(range.max === undefined ? '' : String(range.max));
    setError(null);
  }, [applied]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const low = bound(min);
    const high = bound(max);
    if (low === null || high === null) {
      setError('Enter prices as numbers of 0 or more');
      return;
    }
    if (low !== undefined && high !== undefined && low > high) {
      setError('The lowest price is above the highest');
      return;
    }
    setError(null);
    const range = formatPriceRange(low, high);
    setIndexUiState((state) => {
      const { [attribute]: _, ...others } = state.range ?? {};
      return {
        ...state,
        page: undefined,
        range: range ? { ...others, [attribute]: range } : others,
      };
    });
  }

  return (
    <form className="facet price-range" noValidate onSubmit={apply}>
      <fieldset>
        <legend className="facet__title">{config.title}</legend>
        <div className="price-range__fields">
          <label>
            From
            <input
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              value={min}
              aria-invalid={error ? true : undefined}
              aria-describedby={noteId}
              onChange={(event) => setMin(event.target.value)}
            />
          </label>
          <label>
            To
            <input
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              value={max}
              aria-invalid={error ? true : undefined}
              aria-describedby={noteId}
              onChange={(event) => setMax(event.target.value)}
            />
          </label>
          <button className="button button--secondary button--small" type="submit">
            Apply<span className="visually-hidden"> {config.apply}</span>
          </button>
        </div>
        {error ? (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="form-field__hint" id={noteId}>
          {config.hint}
        </p>
      </fieldset>
    </form>
  );
}
