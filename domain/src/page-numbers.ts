// Lists shown a page at a time whose pages are addresses of their own (issue 25: a provider's
// page, a directory category, a category's role): `?page=N` from 2 on, read alike by the server,
// which renders that page, and by the client, which looks for the answer the server put in it.

/** The deepest page of a list read `size` at a time, no deeper than `maxOffset`. */
export const lastPageNumber = (size: number, maxOffset: number): number => Math.floor(maxOffset / size) + 1;

/**
 * The page number `?page=` names: a whole number from 1 to `max`, else 1 (a mistyped address
 * still shows the list).
 */
export function pageNumberOf(value: unknown, max: number): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,6}$/.test(value)) return 1;
  const page = Number(value);
  return page <= max ? page : 1;
}

/** `path` (which may carry a query already) with `page=N` from page 2 on; page 1 is the path itself. */
export function withPageNumber(path: string, page: number): string {
  if (page <= 1) return path;
  return `${path}${path.includes('?') ? '&' : '?'}page=${page}`;
}
