import { englishLexicon } from '../lexicon/english-lexicon';
import { defaultConcepts } from '../query/compiled-concepts';
import { planQuery } from '../query/plan';
import type { InvertedIndex } from './inverted-index';
import { roleContext } from './request-plan';
import type { TimeSlices } from './time-slices';

// What the first search on a newly loaded index would otherwise work out inside its own time
// (issue 24: after a start that lost the index mirror, each worker's first engine search was the
// slowest answer, and a CPU profile put a third to a half of it in one-off work): the English
// lexicon (a 4 MB decode, once per process), the catalog's role words (every role tokenised, once
// per index), the vocabulary's sorted words and the concepts a query is read with. Worked out as
// the index loads, each piece in its own slice, before the index serves.

/** Steps of the warm-up, one per slice (tests count them). */
export const WARM_STEPS = 4;

/** A query that reads as people type one: it asks the lexicon, the concepts and the completions. */
const TYPICAL_QUERY = 'answer customer emails for online sto';

export async function warmPlanner(index: InvertedIndex, slices: TimeSlices): Promise<void> {
  englishLexicon();
  await slices.next();
  roleContext(index);
  await slices.next();
  // The concepts apart from the plan: together they held a serving thread 66-112 ms at load 8.
  defaultConcepts();
  await slices.next();
  planQuery(TYPICAL_QUERY, index.vocabulary.asVocabulary(), { asYouType: true });
  await slices.next();
}
