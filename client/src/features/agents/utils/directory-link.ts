/** The directory filtered to a category (and role): "/directory?category=Finance&role=Bookkeeper". */
export function directoryLink(category: string, role?: string): string {
  const params = new URLSearchParams(role ? { category, role } : { category });
  return `/directory?${params.toString()}`;
}
