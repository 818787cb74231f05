import type { Store } from '@agentry/platform/store/port';

// The names of the people who made a team's records (issue 28): shortlists and their items keep
// the author's user id, and the answer shows their name. A team is small, so the distinct authors
// of one answer are few; the lookups are capped all the same (an author past the cap, or whose
// account is gone, shows as null).

export const AUTHOR_LOOKUPS_MAX = 50;

export type AuthorNames = ReadonlyMap<string, string>;

export async function authorNames(
  store: Pick<Store, 'users'>,
  ids: Iterable<string | null>,
): Promise<AuthorNames> {
  const distinct = [...new Set([...ids].filter((id): id is string => id !== null))].slice(
    0,
    AUTHOR_LOOKUPS_MAX,
  );
  const users = await Promise.all(distinct.map((id) => store.users.findById(id)));
  return new Map(users.flatMap((user) => (user ? [[user.id, user.full_name] as const] : [])));
}
