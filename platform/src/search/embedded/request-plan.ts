import { FEATURES } from '../query/features';
import { type IntentContext, readIntent, roleWords } from '../query/intent';
import { planQuery, type QueryPlan } from '../query/plan';
import { floorScore } from '../ranking/match-floor';
import type { Filter } from './filter';
import type { InvertedIndex } from './inverted-index';
import { type Ranked, rankPlanSteps } from './rank-plan';
import { weighByCatalog } from './role-focus';
import { groupImportance } from './scorer';
import type { Scratch } from './scratch';
import { runWhole, type Steps } from './search-steps';

// A search's words turned into what to match: framing words read apart ("hire a …"), the rest
// planned (stems, typos, concepts, parts), the word still being typed set aside, the plan ranked
// and its match floor taken; read loosely when nothing matches.

/** A query planned and ranked (rankPlan) with its match floor. */
export interface PlannedSearch {
  /** The query as read for intent (framing words set apart): what explanations and the ranker read. */
  text: string;
  plan: QueryPlan;
  ranked: Ranked;
  floor: number;
  /** The last word while it is still being typed (typedPart), to order the matches by. */
  pending: QueryPlan | null;
}

/**
 * Plans and ranks a query; `typing` sets a last word still being typed aside (a search box's
 * search; the ranker's input takes the query as it is).
 */
export function planSearch(
  index: InvertedIndex,
  scratch: Scratch,
  query: string,
  filter: Filter | null,
  typing: boolean,
): PlannedSearch {
  return runWhole(planSearchSteps(index, scratch, query, filter, typing));
}

/** planSearch as steps (search-steps.ts). */
export function* planSearchSteps(
  index: InvertedIndex,
  scratch: Scratch,
  query: string,
  filter: Filter | null,
  typing: boolean,
): Steps<PlannedSearch> {
  const intent = readIntent(query, roleContext(index));
  const vocabulary = index.vocabulary.asVocabulary();
  let plan = planQuery(intent.text, vocabulary, { asYouType: true });
  weighByCatalog(index, plan, roleContext(index).isRoleWord);
  // A last word still being typed neither counts nor filters: the count holds until it is a word.
  const typed = typing ? typedPart(index, plan) : null;
  let pending = typed?.pending ?? null;
  if (typed) plan = typed.typed;
  yield;
  let ranked = yield* rankPlanSteps(index, scratch, plan, filter);
  let floor = floorScore(ranked.importance);
  if (ranked.hits.length === 0 && FEATURES.looseRetry) {
    // Nothing matched: read the words more loosely (stems by prefix, two-letter typos that pass the
    // typo rule) rather than show an empty page; what this finds is related, never a match.
    // "grammarly" finds the grammar checkers.
    plan = planQuery(intent.text, vocabulary, { asYouType: true, loose: true });
    weighByCatalog(index, plan, roleContext(index).isRoleWord);
    yield;
    ranked = yield* rankPlanSteps(index, scratch, plan, filter);
    floor = Number.POSITIVE_INFINITY;
    pending = null;
  }
  return { text: intent.text, plan, ranked, floor, pending };
}

/**
 * The query without its last word while that word is still being typed (QueryGroup.pending), when
 * the words before it find something: what the search counts and cuts at the floor. The pending
 * word's own plan comes apart, to order the matches by.
 */
function typedPart(index: InvertedIndex, plan: QueryPlan): { typed: QueryPlan; pending: QueryPlan } | null {
  if (!FEATURES.stableTyping) return null;
  const at = plan.groups.findIndex((group) => group.pending);
  if (at < 0 || plan.groups.length < 2) return null;
  const typed: QueryPlan = {
    groups: plan.groups.filter((_, g) => g !== at),
    // The pending word is the last word typed: the last of each list.
    literalStems: plan.literalStems.slice(0, -1),
    words: plan.words.slice(0, -1),
    partOf: plan.partOf?.filter((_, g) => g !== at),
  };
  if (!groupImportance(index, typed).some((weight) => weight > 0)) return null;
  return { typed, pending: { groups: [plan.groups[at]!], literalStems: [], words: [] } };
}

const roleWordCache = new WeakMap<InvertedIndex, { roles: number; context: IntentContext }>();

/** What the catalog's roles say about jobs, for reading framing words; redone when a role appears. */
export function roleContext(index: InvertedIndex): IntentContext {
  let cached = roleWordCache.get(index);
  if (!cached || cached.roles !== index.roleIdLimit) {
    const { heads, words } = roleWords([...index.roleEntries()].map((role) => role.role));
    cached = {
      roles: index.roleIdLimit,
      context: { isJobHead: (s) => heads.has(s), isRoleWord: (s) => words.has(s) },
    };
    roleWordCache.set(index, cached);
  }
  return cached.context;
}
