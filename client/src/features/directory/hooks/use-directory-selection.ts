import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

// The directory's choice lives in the URL (?category=&role=) so it can be shared, and each choice
// is a step in the history (a push), so Back returns to the previous one: Directory → Finance →
// Bookkeeper → Back shows Finance again. A role only counts together with its category; choosing
// a category clears the role.

export interface DirectorySelectionState {
  category: string;
  role: string;
  chooseCategory: (category: string) => void;
  chooseRole: (role: string) => void;
  /** Both at once, e.g. from a role chip on a card. */
  select: (category: string, role: string) => void;
}

export function useDirectorySelection(): DirectorySelectionState {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const role = category ? (params.get('role') ?? '') : '';

  const chooseCategory = useCallback(
    (next: string) => setParams(next ? { category: next } : {}),
    [setParams],
  );
  const chooseRole = useCallback(
    (next: string) => setParams(next ? { category, role: next } : { category }),
    [setParams, category],
  );
  const select = useCallback(
    (nextCategory: string, nextRole: string) => setParams({ category: nextCategory, role: nextRole }),
    [setParams],
  );
  return { category, role, chooseCategory, chooseRole, select };
}

/** The directory's address for a choice: a link for each category tile and role filter. */
export function directoryHref(category: string, role = ''): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (category && role) params.set('role', role);
  const search = params.toString();
  return search ? `/directory?${search}` : '/directory';
}
