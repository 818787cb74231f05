import type { GroupMatch } from './anatomy';
import {
  CATEGORY_FIELD,
  DESCRIPTION_FIELD,
  type DocumentTerms,
  FIELD_COUNT,
  NAME_FIELD,
  PROVIDER_FIELD,
  ROLE_FIELD,
} from './document-terms';
import type { QueryTerms } from './query-terms';

// The features a learned ranker weighs for one document and one query. They are general (how much
// of the query the document covers, in which fields, by the words typed or by related words, how
// its name and role relate to the query), not tied to any topic, so that what the model learns on
// judged queries carries over to jobs nobody wrote down. Every feature is 0 to about 1.

export const FEATURE_NAMES = [
  /** The engine's own score, as a share of the best score of the search. */
  'engineScore',
  /** Rarity-weighted share of the query's groups matched by any reading. */
  'coverage',
  /** ... by what was typed (literal words, a corrected typo, the completion of the last word). */
  'typedCoverage',
  /** ... in the name, role, category, description. */
  'nameCoverage',
  'roleCoverage',
  'categoryCoverage',
  'descriptionCoverage',
  /** ... only in the provider's name. */
  'providerOnly',
  /** BM25 of the query in the description and in the role, over the query's total rarity. */
  'descriptionBm25',
  'roleBm25',
  /** 1 when every group matched. */
  'allGroups',
  /** Share of the query's parts ("draft contracts and track renewals": two) with some group matched. */
  'partsCovered',
  /** The name is the query (1), is in the query (0.66), holds every query word (0.5). */
  'nameMatch',
  /** Every distinctive word of the agent's role is in the query. */
  'roleNamed',
  /** The agent's role's share of the search's best results (role feedback). */
  'roleShare',
  /** 1 when a literal phrase of the query appears only in the wrong order. */
  'phraseOutOfOrder',
  /** Shortness of the description: 1 / (1 + words / 30). */
  'shortDescription',
  /**
   * The query's probability of the agent's role and of its category, by the catalog's own naive
   * Bayes classifier (embedded/catalog-intent.ts), alone and times engineScore (catalogIntent's
   * factor, 1 + 0.2 P(role), is engineScore + 0.2 × that product).
   */
  'intentRole',
  'intentCategory',
  'scoreByIntentRole',
  'scoreByIntentCategory',
  /**
   * Coverage with each group weighed also by its focus, how much its words narrow the role
   * (embedded/role-focus.ts: a generic word, "answers", counts less than a job word, "pdfs"), and
   * the same times engineScore.
   */
  'focusCoverage',
  'scoreByFocusCoverage',
  /**
   * Coverage with each group weighed also by how rare its words are in English at large
   * (query/term-specificity.ts, whether or not termSpecificity is on: "reads" counts less than
   * "pdfs"), and the same times engineScore.
   */
  'specificCoverage',
  'scoreBySpecificCoverage',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];
export const FEATURE_COUNT = FEATURE_NAMES.length;

/** What the engine knows about the document beyond its words. */
export interface EngineSignals {
  /** Score over the best score of the search, 0 to 1. */
  relativeScore: number;
  /** The name multiplier applied (1, 1.6, 2 or 3). */
  nameBoost: number;
  roleNamed: boolean;
  roleShare: number;
  phraseOutOfOrder: boolean;
  /** P(the agent's role | query) and P(its category | query); 0 when the query has no known word. */
  intentRole: number;
  intentCategory: number;
}

/** What the features need about the query: its terms, each group's weight and each slot's rarity. */
export interface QueryContext {
  terms: QueryTerms;
  /** Rarity weight of each group (groupImportance). */
  importance: number[];
  /** idf of each slot's stem. */
  idf: Float64Array;
  /** Index of the part each group belongs to (partsOf). */
  partOf: number[];
  parts: number;
  /** The query's probability of each role and category id (catalog-intent.ts); null when unknown. */
  intent: { roles: Float64Array | null; categories: Float64Array | null };
  /** Each group's focus over the roles (role-focus.ts), 0 to 1; 1 when unknown. */
  focus: number[];
  /** Each group's English specificity (term-specificity.ts groupSpecificity), 0 to 1. */
  specificity: number[];
}

const K1 = 1.2;
const B = 0.75;
/** Typical field lengths (words): what BM25's length normalisation compares against. */
const AVERAGE_LENGTH = [2, 2, 2, 25, 1.5];

function bm25(context: QueryContext, document: DocumentTerms, field: number): number {
  const norm = 1 - B + B * (document.lengths[field]! / AVERAGE_LENGTH[field]!);
  let sum = 0;
  let total = 0;
  context.terms.groups.forEach((readings, g) => {
    total += context.importance[g]!;
    let best = 0;
    for (const { alternative, slots } of readings) {
      let score = 0;
      for (const slot of slots) {
        const tf = document.tf[slot * FIELD_COUNT + field]!;
        if (tf === 0) {
          score = 0;
          break;
        }
        score += (context.idf[slot]! * (tf * (K1 + 1))) / (tf + K1 * norm);
      }
      best = Math.max(best, (alternative.weight * score) / slots.length);
    }
    sum += best;
  });
  return total > 0 ? Math.min(1, sum / (total * (K1 + 1))) : 0;
}

export function featuresOf(
  context: QueryContext,
  document: DocumentTerms,
  matches: GroupMatch[],
  signals: EngineSignals,
): Float64Array {
  const out = new Float64Array(FEATURE_COUNT);
  const total = context.importance.reduce((sum, value) => sum + value, 0) || 1;
  let any = 0;
  let typed = 0;
  let focused = 0;
  let focusTotal = 0;
  let specific = 0;
  let specificTotal = 0;
  const inField = new Float64Array(FIELD_COUNT);
  let providerOnly = 0;
  let all = true;
  const partHit = new Uint8Array(context.parts);
  matches.forEach((match, g) => {
    const weight = context.importance[g]!;
    const focus = context.focus[g] ?? 1;
    focusTotal += weight * focus;
    if (match.best) focused += weight * focus;
    const english = context.specificity[g] ?? 1;
    specificTotal += weight * english;
    if (match.best) specific += weight * english;
    if (!match.best) {
      if (weight > 0) all = false;
      return;
    }
    any += weight;
    partHit[context.partOf[g]!] = 1;
    if (match.typedFields !== 0) typed += weight;
    const fields = match.typedFields | match.relatedFields;
    for (let f = 0; f < FIELD_COUNT; f++) if (fields & (1 << f)) inField[f]! += weight;
    if (fields === 1 << PROVIDER_FIELD) providerOnly += weight;
  });
  let parts = 0;
  for (const hit of partHit) parts += hit;
  const values: Record<FeatureName, number> = {
    engineScore: signals.relativeScore,
    coverage: any / total,
    typedCoverage: typed / total,
    nameCoverage: inField[NAME_FIELD]! / total,
    roleCoverage: inField[ROLE_FIELD]! / total,
    categoryCoverage: inField[CATEGORY_FIELD]! / total,
    descriptionCoverage: inField[DESCRIPTION_FIELD]! / total,
    providerOnly: providerOnly / total,
    descriptionBm25: bm25(context, document, DESCRIPTION_FIELD),
    roleBm25: bm25(context, document, ROLE_FIELD),
    allGroups: all ? 1 : 0,
    partsCovered: context.parts > 0 ? parts / context.parts : 0,
    nameMatch: signals.nameBoost >= 3 ? 1 : signals.nameBoost >= 2 ? 0.66 : signals.nameBoost > 1 ? 0.5 : 0,
    roleNamed: signals.roleNamed ? 1 : 0,
    roleShare: signals.roleShare,
    phraseOutOfOrder: signals.phraseOutOfOrder ? 1 : 0,
    shortDescription: 1 / (1 + document.lengths[DESCRIPTION_FIELD]! / 30),
    intentRole: signals.intentRole,
    intentCategory: signals.intentCategory,
    scoreByIntentRole: signals.relativeScore * signals.intentRole,
    scoreByIntentCategory: signals.relativeScore * signals.intentCategory,
    focusCoverage: focusTotal > 0 ? focused / focusTotal : 0,
    scoreByFocusCoverage: focusTotal > 0 ? (signals.relativeScore * focused) / focusTotal : 0,
    specificCoverage: specificTotal > 0 ? specific / specificTotal : 0,
    scoreBySpecificCoverage: specificTotal > 0 ? (signals.relativeScore * specific) / specificTotal : 0,
  };
  FEATURE_NAMES.forEach((name, i) => {
    out[i] = values[name];
  });
  return out;
}
