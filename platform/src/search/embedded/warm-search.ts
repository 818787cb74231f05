import { searchSteps } from './execute';
import type { InvertedIndex } from './inverted-index';
import { Scratch } from './scratch';
import type { TimeSlices } from './time-slices';

// Two searches run on a newly loaded index before it serves, answers dropped (issue 24). A
// process's first search with words runs cold code (the ranking, the look-alikes' bounded pass,
// the page's explanations and highlights): in one process at load 13-16 the look-alikes took 590 ms
// the first time against 20 ms warm, so after a lost mirror each worker's first engine answer was
// among the slowest. Run here, in the load's slices, that time passes while the store still
// answers (the index is not yet current), each slice a few milliseconds; a search run once the
// index served would have every search, degraded ones too, wait for it (the API's fair turns start
// a search only when the engine is idle: tried in session 9 and dropped).

/** Documents looked at for a live one whose name to search (a snapshot's first are live but for removals). */
const LOOK_FOR_A_NAME = 1000;

/** A query with words that names no agent: the ranking, the floor and the facets without the look-alikes. */
const USE_CASE_QUERY = 'answer customer emails for online stores';

/** The queries run: an agent's name (ranking, then its look-alikes) and a use case. */
export function warmQueries(index: InvertedIndex): string[] {
  const limit = Math.min(index.capacity, LOOK_FOR_A_NAME);
  for (let n = 0; n < limit; n++) {
    const name = index.document(n)?.name;
    if (name) return [name, USE_CASE_QUERY];
  }
  return [USE_CASE_QUERY];
}

/**
 * Runs warmQueries' searches on `index` in `slices` (its own scratch: a search on the index still
 * serving may run between the slices). Nothing for an index that does not yield (a command-line
 * tool, a worker thread: no one waits on them for a first answer).
 */
export async function warmSearch(index: InvertedIndex, slices: TimeSlices): Promise<number> {
  if (!slices.yields || index.size === 0) return 0;
  const scratch = new Scratch();
  let searched = 0;
  for (const query of warmQueries(index)) {
    try {
      const steps = searchSteps(index, scratch, { query, hitsPerPage: 20 });
      while (!steps.next().done) await slices.pause();
      searched += 1;
    } catch {
      // Not the load's to fail on: a search that throws here throws again when asked, and is
      // answered from the store then (search-service.ts logs it).
    }
    await slices.next();
  }
  return searched;
}
