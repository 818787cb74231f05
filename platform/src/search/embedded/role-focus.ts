import { FEATURES } from '../query/features';
import type { QueryPlan } from '../query/plan';
import { SPECIFICITY } from '../query/term-specificity';
import { weightedRolePosterior } from './catalog-intent';
import type { ClassCounts } from './catalog-intent-counts';
import type { InvertedIndex } from './inverted-index';
import { phraseUnits } from './phrase-unit';

// Query-term importance from the catalog's roles (`roleFocus`): in a long use case the engine
// weighs each word by its rarity alone, and with about a thousand agents a generic word in a
// handful of descriptions ("reads", "answers", "questions", "calls", "books") weighs as much as the
// word that says what the job is ("pdfs", "contracts", "flashcards"). The catalog says which is
// which: the agents holding a job word share a few roles, those holding a generic word are spread
// over the catalog's roles as the agents themselves are. A word's focus is how much knowing it
// narrows the role (1 − the entropy of its agents' roles over the most their number allows), from catalogIntent's
// counts (catalog-intent-counts.ts: documents per role and stem, kept as agents are indexed), so it
// needs no word list and no judged query, and carries to topics nobody wrote a concept for.
// Unlike termSpecificity (how common a word is in English), it asks the catalog, whose words are
// what the query is matched against. In a query of several parts, each part's weight (in the
// scores and in the coverage the floor is a share of) becomes `least` + (1 − least) × its focus
// over the query's most focused part's, to the `power`. Settings: the best on all of dev + the tune
// half of tune-feature-main.ts --feature roleFocus, which cross-validates below the engine (0.744
// against 0.752): off (BENCHMARKS.md).

export const ROLE_FOCUS = {
  /** The least share of its weight a part keeps (a part as spread as the catalog itself). */
  least: 0.5,
  /** The relative focus is raised to this power (above 1: only clearly generic parts lose much). */
  power: 1,
  /**
   * Agents' worth of doubt: a word of few agents is taken as focused unless they say otherwise
   * (three agents in three roles say little), its focus pulled towards 1 by this many.
   */
  doubt: 2,
};

/** The entropy of the roles' shares of the catalog's documents (the focus of a word says nothing). */
function priorEntropy(roles: ClassCounts, documents: number): number {
  let entropy = 0;
  for (let c = 0; c < roles.count; c++) {
    const share = roles.documents[c]! / documents;
    if (share > 0) entropy -= share * Math.log(share);
  }
  return entropy;
}

/**
 * How much a stem narrows the role, 0 (its agents as spread over the roles as that many agents can
 * be) to 1 (one role only); null when no live agent has it (nothing to say: the part keeps its
 * weight). The entropy of its agents' roles over the most they could have: log of their number, or
 * the catalog's own when that is less. Rarity is not held against a word (idf already counts it):
 * a word of one agent, or of a few sharing a role, is focused.
 */
export function stemFocus(index: InvertedIndex, stem: number, prior = priorOf(index)): number | null {
  const roles = index.intent.roles;
  if (stem < 0 || prior <= 0) return null;
  let holding = 0;
  for (let c = 0; c < roles.count; c++) if (roles.documents[c]! > 0) holding += roles.pairs.get(stem, c);
  if (holding <= 0) return null;
  if (holding === 1) return 1;
  let entropy = 0;
  for (let c = 0; c < roles.count; c++) {
    if (!(roles.documents[c]! > 0)) continue;
    const p = roles.pairs.get(stem, c) / holding;
    if (p > 0) entropy -= p * Math.log(p);
  }
  const focus = Math.max(0, 1 - entropy / Math.min(Math.log(holding), prior));
  const { doubt } = ROLE_FOCUS;
  return doubt > 0 ? ((holding - 1) * focus + doubt) / (holding - 1 + doubt) : focus;
}

const priorOf = (index: InvertedIndex) => priorEntropy(index.intent.roles, index.intent.documents);

/** The focus of a group: its most focused typed word (a concept's synonyms are not what was typed). */
function groupFocus(index: InvertedIndex, group: QueryPlan['groups'][number], prior: number): number | null {
  let best: number | null = null;
  for (const alternative of group.alternatives) {
    if (alternative.source !== 'literal' && alternative.source !== 'typo') continue;
    for (const stemmed of alternative.stems) {
      const focus = stemFocus(index, index.stemId(stemmed), prior);
      if (focus !== null) best = best === null ? focus : Math.max(best, focus);
    }
  }
  return best;
}

/** Each group's focus (null: no agent has its typed words), for the learned ranker's features. */
export function groupFocuses(index: InvertedIndex, plan: QueryPlan): Array<number | null> {
  const prior = priorOf(index);
  return plan.groups.map((group) => groupFocus(index, group, prior));
}

/**
 * Weighs the parts of a query of several parts by their focus (group.specificity, which the scores
 * and the floor's coverage read). Only with FEATURES.roleFocus; a query of one part is left alone.
 */
export function weighByRoleFocus(index: InvertedIndex, plan: QueryPlan): void {
  if (!FEATURES.roleFocus || plan.groups.length < 2) return;
  const focus = groupFocuses(index, plan);
  let highest = 0;
  for (const value of focus) if (value !== null) highest = Math.max(highest, value);
  if (highest <= 0) return;
  const { least, power } = ROLE_FOCUS;
  plan.groups.forEach((group, g) => {
    const value = focus[g];
    if (value === null || value === undefined) return;
    const share = least + (1 - least) * (value / highest) ** power;
    group.specificity = (group.specificity ?? 1) * share;
  });
}

/**
 * termSpecificity's weights with the catalog's second opinion (SPECIFICITY.rescue above 0): a part
 * made of words common in English keeps its weight back in proportion to its role focus, so that
 * "notes" or "calls" (common words the catalog's agents use for one job) are not weighed as
 * "reads" or "answers". Only where termSpecificity weighed the plan.
 */
export function rescueSpecificity(
  index: InvertedIndex,
  plan: QueryPlan,
  isRoleWord: (stemmed: string) => boolean = () => false,
): void {
  const { rescue, roleWords, phrase, absent } = SPECIFICITY;
  if (
    (rescue <= 0 && roleWords <= 0 && phrase <= 0 && absent <= 0) ||
    !plan.groups.some((group) => group.english !== undefined)
  )
    return;
  const focus = rescue > 0 ? groupFocuses(index, plan) : [];
  const units = phrase > 0 ? phraseUnits(index, plan) : [];
  plan.groups.forEach((group, g) => {
    const english = group.english;
    if (english === undefined || english >= 1 || english <= 0) return;
    const typed = group.alternatives.filter((a) => a.source === 'literal' || a.source === 'typo');
    const namesRole = roleWords > 0 && typed.some((a) => a.stems.some(isRoleWord));
    const unheld = absent > 0 && typed.every((a) => a.stems.every((s) => index.documentFrequency(s) === 0));
    const back = Math.max(
      rescue * (focus[g] ?? 0),
      namesRole ? roleWords : 0,
      units[g] ? phrase : 0,
      unheld ? absent : 0,
    );
    if (back <= 0) return;
    const rescued = english + (1 - english) * back;
    group.specificity = ((group.specificity ?? english) / english) * rescued;
  });
}

/**
 * Takes termSpecificity's weights back where catalogIntent is already sure of the query's role
 * (its likeliest role at least SPECIFICITY.maxRoleConfidence likely): there generic words do not
 * pull in agents of other roles, and English commonness would only reorder the right ones, or
 * soften the job's own word where that word is common English ("research … sales call").
 */
export function gateSpecificity(index: InvertedIndex, plan: QueryPlan): void {
  const { maxRoleConfidence } = SPECIFICITY;
  if (maxRoleConfidence >= 1 || !plan.groups.some((group) => group.english !== undefined)) return;
  const roles = weightedRolePosterior(index, plan, () => 1);
  if (!roles) return;
  let top = 0;
  for (const probability of roles) top = Math.max(top, probability);
  if (top < maxRoleConfidence) return;
  for (const group of plan.groups) {
    if (group.english === undefined) continue;
    group.specificity = group.beforeEnglish;
    group.english = undefined;
    group.beforeEnglish = undefined;
  }
}

/**
 * The catalog's weighing of a plan's parts, after planQuery: termSpecificity's gate and rescue,
 * then roleFocus.
 */
export function weighByCatalog(
  index: InvertedIndex,
  plan: QueryPlan,
  isRoleWord?: (stemmed: string) => boolean,
): void {
  gateSpecificity(index, plan);
  rescueSpecificity(index, plan, isRoleWord);
  weighByRoleFocus(index, plan);
}
