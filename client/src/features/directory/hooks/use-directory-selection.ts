import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

// The directory's choice lives in the URL (?category=&role=) so it can be shared. A role only
// counts together with its category; choosing a category clears the role.

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
    (next: string) => setParams(next ? { category: next } : {}, { replace: true }),
    [setParams],
  );
  const chooseRole = useCallback(
    (next: string) => setParams(next ? { category, role: next } : { category }, { replace: true }),
    [setParams, category],
  );
  const select = useCallback(
    (nextCategory: string, nextRole: string) =>
      setParams({ category: nextCategory, role: nextRole }, { replace: true }),
    [setParams],
  );
  return { category, role, chooseCategory, chooseRole, select };
}
