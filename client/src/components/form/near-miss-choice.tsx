import { nearMissTerm } from '@agentry/domain/catalog-terms';
import type { ReactNode } from 'react';

// A typed category or role that looks like a slip for a listed one ("Finanse") is asked about as it
// is typed, and the listed spelling is one click away (issue 25): the person should not have to
// retype it, nor find it in the list above.

/** The hint that offers the listed term, or undefined when `value` is not a slip for one. */
export function nearMissChoice(
  field: 'category' | 'role',
  value: string,
  onChoose: (term: string) => void,
  category?: string,
): ReactNode | undefined {
  const term = nearMissTerm(field, value, category);
  if (!term) return undefined;
  return (
    <>
      Did you mean{' '}
      <button type="button" className="link-button" onClick={() => onChoose(term)}>
        {term}
      </button>
      ? Choose it, or name another {field}.
    </>
  );
}
