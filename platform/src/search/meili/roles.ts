import { stem } from '../analysis/stem';
import { STOPWORDS } from '../analysis/stopwords';
import { foldedWords } from './highlight';

// "hire a recruiter", "bookkeeper for my shop": a query that names a role wants agents of that role
// first. The embedded engine multiplies their score (RANKING.roleNamed); here the engine runs a
// federated multi-search where the same query restricted to the named roles weighs more.

const stems = (text: string): string[] =>
  foldedWords(text)
    .filter((word) => !STOPWORDS.has(word))
    .map(stem);

/**
 * The roles (as stored, for an exact filter) whose every meaningful word is in the query,
 * compared after folding case and accents and stemming ("recruiters" names Recruiter).
 */
export function namedRoles(query: string, roles: Iterable<string>): string[] {
  const queryStems = new Set(stems(query));
  if (queryStems.size === 0) return [];
  const named: string[] = [];
  for (const role of roles) {
    const roleStems = stems(role);
    if (roleStems.length > 0 && roleStems.every((s) => queryStems.has(s))) named.push(role);
  }
  return named;
}
