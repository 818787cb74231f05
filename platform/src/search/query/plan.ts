import { stem } from '../analysis/stem';
import { QUERY_FILLERS, STOPWORDS } from '../analysis/stopwords';
import { wholeWords } from '../analysis/tokenize';
import { englishLexicon } from '../lexicon/english-lexicon';
import { wordAssociations } from '../lexicon/word-associations';
import { partsOf } from '../ranking/query-parts';
import {
  conceptWordBegun,
  conceptWordMeant,
  LOOSE_PREFIX,
  misspeltConceptWordBegun,
} from './borrowed-concepts';
import { type CompiledConcepts, defaultConcepts } from './compiled-concepts';
import { FEATURES } from './features';
import { planSpecificities } from './term-specificity';
import { mayReadLoosely, worthCorrecting } from './typo-rule';
import { weighVisitorContext } from './visitor-context';

// A query becomes a plan: groups that each stand for one thing the person asked for. A group matches
// a document when any of its alternatives does (the literal words, a concept's other phrases, a
// typo correction, or a completion of the word being typed). Ranking rewards covering many groups.

export interface Alternative {
  /** One stem, or several that must all appear (a phrase). */
  stems: string[];
  weight: number;
  source: 'literal' | 'concept' | 'typo' | 'prefix' | 'association';
}

export interface QueryGroup {
  /** The query words this group stands for. */
  words: string[];
  /** The same words as meant: typos corrected. */
  meant: string[];
  alternatives: Alternative[];
  /**
   * The last word of an as-you-type query, still being typed: no agent has it, but it begins words
   * agents have ("docu"), or it is one letter after other words. A search with words before it
   * (embedded/request-plan.ts, typedPart) counts, filters and cuts at the floor as if it were not
   * there, and lets it only order the matches, so the count stays what the words before it found
   * until it is a word the search knows (an agent's word or a concept phrase: "doc").
   */
  pending?: boolean;
  /**
   * Share of its weight the group keeps for being made of common English words
   * (term-specificity.ts; set only with FEATURES.termSpecificity): scores and coverage use it.
   */
  specificity?: number;
  /**
   * termSpecificity's own share of `specificity` and what `specificity` was before it (set only where
   * it weighed the group), so that the catalog's gate (embedded/role-focus.ts) can take it back.
   */
  english?: number;
  beforeEnglish?: number;
}

export interface QueryPlan {
  groups: QueryGroup[];
  /** Literal stems of the query (after typo correction), for role and name understanding. */
  literalStems: string[];
  /** Folded query words without stop words, for name matching. */
  words: string[];
  /**
   * The part of a use case in several parts ("draft contracts and track renewal dates") each group
   * belongs to (ranking/query-parts.ts), when the plan was read from a query's text with
   * FEATURES.partCoverage on.
   */
  partOf?: number[];
}

/** What the planner needs to know about the indexed words. */
export interface Vocabulary {
  /** Number of documents containing this stem. */
  documentFrequency(stem: string): number;
  /** Indexed words within the edit distance, best first. */
  corrections(word: string, maxDistance: number): Array<{ word: string; stem: string; distance: number }>;
  /** Indexed words that start with the prefix, most frequent first. */
  completions(prefix: string, limit: number): Array<{ word: string; stem: string }>;
  /** Whether some document has this very word (not only its stem: "custome" stems as "custom"). */
  hasWord?(word: string): boolean;
}

export const WEIGHTS = {
  concept: 0.75,
  typo1: 0.85,
  typo2: 0.7,
  prefix: 0.6,
  loose: 0.5,
  /**
   * A word associated by general usage (WordNet, checked by GloVe), times its strength: below a
   * curated synonym.
   */
  association: 0.5,
  // A misspelt word that, once corrected, completes a known phrase ("speech recogniton" → "speech recognition")
  // is surely what the person meant; the typed form matches nothing, so every hit carries the same
  // typo and a discount would only let the phrase's synonyms overtake it.
  correctedLiteral: 1,
} as const;
const MAX_COMPLETIONS = 8;
/**
 * English words this common are words, not beginnings, when typed last ("deck", "pitch"); rarer
 * entries of the list are as often fragments of longer words ("tran", "cus", "hir").
 */
const COMMON_WORD_RANK = 20_000;

/** Below this many good matches, agents matching less of the query follow as a second tier (both engines). */
export const SECOND_TIER_MIN_HITS = 20;

/** Words a concept phrase may skip between two of its own ("analyze survey data" holds "analyze data"). */
const MAX_GAP = 2;

interface ConceptMatch {
  positions: number[];
  concepts: number[];
}

/**
 * Finds concept phrases in the query: their stems in order, each within MAX_GAP words of the last.
 * A match whose words all lie inside a longer match is dropped; matches on the same words merge.
 */
export function matchConcepts(
  stems: string[],
  concepts: CompiledConcepts,
  surface: string[] = [],
): ConceptMatch[] {
  const found: ConceptMatch[] = [];
  stems.forEach((first, start) => {
    for (const phrase of concepts.byFirstStem.get(first) ?? []) {
      const positions = [start];
      for (let k = 1; k < phrase.stems.length; k++) {
        const from = positions[k - 1]! + 1;
        const next = stems.slice(from, from + MAX_GAP + 1).indexOf(phrase.stems[k]!);
        if (next < 0) break;
        positions.push(from + next);
      }
      if (positions.length === phrase.stems.length) {
        // Stems conflate words ("automates" and "automation" are both "autom"): when some concept
        // holds the phrase exactly as typed, only those concepts apply.
        const typed = positions.map((p) => surface[p]).join(' ');
        const exact = phrase.concepts.filter((c) => phrase.surfaces.get(c)?.has(typed));
        found.push({ positions, concepts: exact.length > 0 ? exact : [...phrase.concepts] });
      }
    }
  });
  found.sort((a, b) => b.positions.length - a.positions.length);
  const kept: ConceptMatch[] = [];
  for (const match of found) {
    const same = kept.find((k) => k.positions.join() === match.positions.join());
    if (same) {
      for (const c of match.concepts) if (!same.concepts.includes(c)) same.concepts.push(c);
      continue;
    }
    if (kept.some((k) => match.positions.every((p) => k.positions.includes(p)))) continue;
    kept.push(match);
  }
  return kept.sort((a, b) => a.positions[0]! - b.positions[0]!);
}

/** Keeps groups in query order: a word's group goes before groups that start after it. */
function insertionIndex(groups: QueryGroup[], position: number, planned: PlannedWord[]): number {
  const firstPosition = (group: QueryGroup) => planned.findIndex((p) => p.word === group.words[0]);
  const index = groups.findIndex((group) => firstPosition(group) > position);
  return index < 0 ? groups.length : index;
}

/** Meilisearch's typo budget: none under 5 letters, one up to 8, two from 9. */
export function allowedTypos(word: string): number {
  if (/\d/.test(word) || word.length < 5) return 0;
  return word.length < 9 ? 1 : 2;
}

interface PlannedWord {
  word: string;
  stem: string;
  /** The word as corrected when it is unknown and close to a known word. */
  corrected?: { word: string; stem: string; distance: number };
}

function correctWord(word: string, vocabulary: Vocabulary, concepts: CompiledConcepts): PlannedWord {
  const stemmed = stem(word);
  if (vocabulary.documentFrequency(stemmed) > 0 || concepts.stems.has(stemmed))
    return { word, stem: stemmed };
  const budget = allowedTypos(word);
  const best =
    budget > 0
      ? vocabulary.corrections(word, budget).find((candidate) => worthCorrecting(word, candidate.word))
      : undefined;
  // A misspelt concept word no agent uses ("thumbnials"): read as the concept word.
  const meant =
    !best && budget > 0 && FEATURES.conceptTypos ? conceptWordMeant(word, budget, concepts) : undefined;
  const corrected = best ?? meant;
  return corrected ? { word, stem: stemmed, corrected } : { word, stem: stemmed };
}

/**
 * The last word of an as-you-type query: its completions, and whether it is still being typed
 * (QueryGroup.pending): one letter after other words ("translate d"), or a beginning of words
 * agents have that is no word of its own, of an agent, of the concept list or of everyday English
 * ("docu", "custome"; not "deck", which agents only say as "decks"). After other words, a
 * correction that only completes it ("researc" → "research") is dropped: that is typing, not a
 * typo, and the completions hold the word.
 */
function lastWordTyping(
  planned: PlannedWord[],
  vocabulary: Vocabulary,
  concepts: CompiledConcepts,
): { completions: Array<{ word: string; stem: string }>; pending: boolean } | null {
  const last = planned.at(-1);
  if (!last) return null;
  if (last.word.length < 2) return { completions: [], pending: FEATURES.stableTyping && planned.length > 1 };
  const completions = vocabulary.completions(last.word, MAX_COMPLETIONS);
  const own = vocabulary.hasWord
    ? vocabulary.hasWord(last.word)
    : vocabulary.documentFrequency(last.stem) > 0;
  // A common English word is a word even when agents have it only in another form ("deck", "decks").
  const english = (englishLexicon().rank(last.word) ?? Number.POSITIVE_INFINITY) < COMMON_WORD_RANK;
  const pending =
    FEATURES.stableTyping &&
    completions.length > 0 &&
    !own &&
    !english &&
    !concepts.singleWords.has(last.word);
  // After other words only: alone, a misspelt name ("synthflo") is read as the name it misspells.
  if (pending && planned.length > 1 && last.corrected?.word.startsWith(last.word)) delete last.corrected;
  return { completions, pending };
}

const known = (word: string, vocabulary: Vocabulary, concepts: CompiledConcepts) =>
  vocabulary.documentFrequency(stem(word)) > 0 || concepts.stems.has(stem(word));

/**
 * A word typed in two ("pixel frog", "grammar ly") is read as one when the parts are not both
 * known words and the joined word is ("pixelfrog"): otherwise each part would be corrected into
 * some other word.
 */
function joinSplitWords(words: string[], vocabulary: Vocabulary, concepts: CompiledConcepts): string[] {
  if (!FEATURES.joinWords) return words;
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    if (
      next !== undefined &&
      !(known(words[i]!, vocabulary, concepts) && known(next, vocabulary, concepts)) &&
      vocabulary.documentFrequency(stem(words[i]! + next)) > 0
    ) {
      joined.push(words[i]! + next);
      i += 1;
    } else joined.push(words[i]!);
  }
  return joined;
}

function addAlternative(group: QueryGroup, alternative: Alternative): void {
  const key = alternative.stems.join(' ');
  const existing = group.alternatives.find((a) => a.stems.join(' ') === key);
  if (!existing) group.alternatives.push(alternative);
  else if (alternative.weight > existing.weight) Object.assign(existing, alternative);
}

/** Associations of at least this strength are read, at most `max` per word (weaker ones drift off the sense). */
export const ASSOCIATION_LIMITS = { minSimilarity: 0.4, max: 3 };

/**
 * Words associated with a typed word by general usage (lexicon/word-associations.ts), as weak
 * readings of its group: only words agents have, never a word of the query itself (that would
 * count one part twice), weighted below the word typed and below a curated synonym.
 */
function addAssociations(
  group: QueryGroup,
  word: string,
  queryStems: string[],
  vocabulary: Vocabulary,
): void {
  let added = 0;
  for (const association of wordAssociations().of(word)) {
    if (added >= ASSOCIATION_LIMITS.max || association.similarity < ASSOCIATION_LIMITS.minSimilarity) break;
    const associated = stem(association.word);
    if (queryStems.includes(associated) || vocabulary.documentFrequency(associated) === 0) continue;
    addAlternative(group, {
      stems: [associated],
      weight: WEIGHTS.association * association.similarity,
      source: 'association',
    });
    added += 1;
  }
}

/**
 * Plans a query. `asYouType` completes the last word by prefix (the person may still be typing it);
 * concept phrases are matched longest first on the typo-corrected words.
 */
export function planQuery(
  query: string,
  vocabulary: Vocabulary,
  options: { asYouType?: boolean; loose?: boolean; concepts?: CompiledConcepts } = {},
): QueryPlan {
  const concepts = options.concepts ?? defaultConcepts();
  // Whole words only: the index holds both "EmailTriager" and its parts, and a query's own
  // parts ("Zq9" → "zq", "9") would match far more than the person typed.
  const all = wholeWords(query.slice(0, 500)).slice(0, 32);
  // Fillers ("find", "need") take part in concept phrases ("find bugs") but never stand alone.
  let kept = all.filter((word) => !STOPWORDS.has(word));
  const onlyFillers = kept.every((word) => QUERY_FILLERS.has(word));
  if (kept.length === 0) kept = all;
  const planned = joinSplitWords(kept, vocabulary, concepts).map((word) =>
    correctWord(word, vocabulary, concepts),
  );
  const typing = options.asYouType ? lastWordTyping(planned, vocabulary, concepts) : null;
  const matchStems = planned.map((p) => p.corrected?.stem ?? p.stem);

  const groups: QueryGroup[] = [];
  const covered = new Set<number>();
  const typedWords = planned.map((p) => p.corrected?.word ?? p.word);
  // A word being typed after others is matched by its completions only, never in a concept phrase.
  const phraseWords = typing?.pending && planned.length > 1 ? planned.length - 1 : planned.length;
  const conceptMatches = FEATURES.concepts
    ? matchConcepts(matchStems.slice(0, phraseWords), concepts, typedWords.slice(0, phraseWords))
    : [];
  for (const match of conceptMatches) {
    const group: QueryGroup = {
      words: match.positions.map((i) => planned[i]!.word),
      meant: match.positions.map((i) => typedWords[i]!),
      alternatives: [],
    };
    const corrected = match.positions.some((i) => planned[i]!.corrected);
    addAlternative(group, {
      stems: match.positions.map((i) => matchStems[i]!),
      weight: corrected ? WEIGHTS.correctedLiteral : 1,
      source: corrected ? 'typo' : 'literal',
    });
    for (const conceptIndex of match.concepts) {
      for (const stems of concepts.phrasesOf[conceptIndex]!)
        addAlternative(group, { stems, weight: WEIGHTS.concept, source: 'concept' });
    }
    for (const i of match.positions) covered.add(i);
    groups.push(group);
  }
  planned.forEach((word, i) => {
    if (covered.has(i) || (QUERY_FILLERS.has(word.word) && !onlyFillers)) return;
    const group: QueryGroup = { words: [word.word], meant: [typedWords[i]!], alternatives: [] };
    if (word.corrected) {
      const weight = word.corrected.distance === 1 ? WEIGHTS.typo1 : WEIGHTS.typo2;
      addAlternative(group, { stems: [word.corrected.stem], weight, source: 'typo' });
    }
    addAlternative(group, { stems: [word.stem], weight: 1, source: 'literal' });
    if (options.loose && word.word.length >= 5 && mayReadLoosely(word.word)) {
      // Last resort readings: words sharing the beginning, and corrections two letters away that
      // pass the typo rule ("qwerty" is not "query").
      const stemPrefix = word.word.slice(0, Math.max(LOOSE_PREFIX, word.word.length - 3));
      for (const completion of vocabulary.completions(stemPrefix, MAX_COMPLETIONS)) {
        addAlternative(group, { stems: [completion.stem], weight: WEIGHTS.loose, source: 'prefix' });
      }
      for (const correction of vocabulary.corrections(word.word, 2)) {
        if (!worthCorrecting(word.word, correction.word)) continue;
        addAlternative(group, { stems: [correction.stem], weight: WEIGHTS.loose, source: 'typo' });
      }
      // A name built on a known word ("grammarly" → grammar) borrows that word's concept; so does
      // one whose known word is misspelt ("grammerly"), when no beginning is the word itself.
      const borrowed = conceptWordBegun(word.word, concepts) ?? misspeltConceptWordBegun(word.word, concepts);
      for (const conceptIndex of borrowed ?? []) {
        for (const stems of concepts.phrasesOf[conceptIndex]!)
          addAlternative(group, { stems, weight: WEIGHTS.loose, source: 'concept' });
      }
    }
    if (FEATURES.associations && !word.corrected && !(typing?.pending && i === planned.length - 1))
      addAssociations(group, word.word, matchStems, vocabulary);
    if (typing && i === planned.length - 1) {
      for (const completion of typing.completions) {
        addAlternative(group, { stems: [completion.stem], weight: WEIGHTS.prefix, source: 'prefix' });
      }
      if (typing.pending) group.pending = true;
    }
    groups.splice(insertionIndex(groups, i, planned), 0, group);
  });
  const plan: QueryPlan = {
    groups,
    literalStems: matchStems,
    words: planned.map((p) => p.corrected?.word ?? p.word),
  };
  // "… for my youtube channel": where the visitor works, not what the agent does, weighs less.
  if (FEATURES.visitorContext) weighVisitorContext(groups, all);
  // Several parts only: one part alone keeps its order and its floor whatever it weighs. Applied
  // after the context's share (the same product) and kept apart, for the catalog's gate.
  const specificities = FEATURES.termSpecificity ? planSpecificities(groups, undefined, query) : null;
  specificities?.forEach((english, g) => {
    const group = groups[g]!;
    group.english = english;
    group.beforeEnglish = group.specificity;
    group.specificity = (group.specificity ?? 1) * english;
  });
  // Only the part reward reads them (off as the product runs): no work for them otherwise.
  if (FEATURES.partCoverage) plan.partOf = partsOf(query, plan).partOf;
  return plan;
}
