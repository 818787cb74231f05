import { directoryPageNumber } from '@agentry/domain/directory-reads';
import { directoryPath } from '@agentry/domain/seo';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

// The directory's choice lives in the URL (?category=&role=) so it can be shared, and each choice
// is a step in the history (a push), so Back returns to the previous one: Directory → Finance →
// Bookkeeper → Back shows Finance again. A role only counts together with its category; choosing
// a category clears the role. ?page=N names a page of the category's (or the role's) agents
// (issue 25: "Show more" is a link to it); any choice starts again from the first page.

export interface DirectorySelectionState {
  category: string;
  role: string;
  /** The page of the agents the address names (1 without ?page=). */
  page: number;
  chooseCategory: (category: string) => void;
  chooseRole: (role: string) => void;
  /** Both at once, e.g. from a role chip on a card. */
  select: (category: string, role: string) => void;
}

export function useDirectorySelection(): DirectorySelectionState {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const role = category ? (params.get('role') ?? '') : '';
  const page = category ? directoryPageNumber(params.get('page') ?? undefined, role !== '') : 1;

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
  return { category, role, page, chooseCategory, chooseRole, select };
}

/** The directory's address for a choice (and a page of its agents): a link for each tile, filter and page. */
export function directoryHref(category: string, role = '', page = 1): string {
  return directoryPath({ category, role }, page);
}
