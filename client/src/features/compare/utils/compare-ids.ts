import { COMPARE_MAX } from '../../../lib/compare-selection';

/** The agents of "?ids=1,2,3": blanks dropped, each once, at most COMPARE_MAX, in the order given. */
export function idsFromQuery(raw: string): string[] {
  const ids = raw
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}
