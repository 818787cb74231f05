import { tokenize } from '../analysis/tokenize';
import { CONCEPTS } from '../query/concepts';
import { FEATURES } from '../query/features';
import { MAX_SYNONYM_TERM_WORDS } from './settings';

// Meilisearch looks synonyms up only for query terms of one to three words (settings.ts
// MAX_SYNONYM_TERM_WORDS), so a concept phrase of four or more ("extract data from websites", "end
// to end tests") typed in a query would reach none of its concept's other phrases. Such a phrase is
// replaced in the query by the first phrase of its concept short enough to be looked up ("web
// scraping"), whose synonyms hold the long phrase itself (as a phrase: "Meilisearch treats
// multi-word synonyms as phrases"), so agents saying either still match. The cost: the exactness
// rule now favours the short phrase's own words over the typed ones (docs/search.md).

interface LongPhrase {
  words: string[];
  replacement: string;
}

const wordsOf = (phrase: string) => tokenize(phrase).map((token) => token.word);

let cached: { concepts: string[][]; phrases: LongPhrase[] } | undefined;

/** The long phrases of the concept list, longest first, each with its short stand-in. */
function longPhrases(concepts: string[][] = CONCEPTS): LongPhrase[] {
  if (cached?.concepts === concepts) return cached.phrases;
  const phrases: LongPhrase[] = [];
  for (const group of concepts) {
    const replacement = group.find((phrase) => wordsOf(phrase).length <= MAX_SYNONYM_TERM_WORDS);
    if (replacement === undefined) continue;
    for (const phrase of group) {
      const words = wordsOf(phrase);
      if (words.length > MAX_SYNONYM_TERM_WORDS) phrases.push({ words, replacement });
    }
  }
  phrases.sort((a, b) => b.words.length - a.words.length);
  cached = { concepts, phrases };
  return phrases;
}

/**
 * The query with each concept phrase longer than Meilisearch's synonym terms replaced by its short
 * stand-in (case and accents folded, punctuation between the words allowed: "End-to-end tests").
 * Unchanged when it holds none, or when the concepts ablation turns concepts off.
 */
export function shortenLongPhrases(query: string, concepts: string[][] = CONCEPTS): string {
  if (!FEATURES.concepts) return query;
  const tokens = tokenize(query).filter(
    (token, i, all) => i === 0 || token.position !== all[i - 1]!.position,
  );
  const phrases = longPhrases(concepts);
  let text = '';
  let copiedTo = 0;
  for (let i = 0; i < tokens.length; ) {
    const found = phrases.find(
      (phrase) =>
        i + phrase.words.length <= tokens.length &&
        phrase.words.every((word, offset) => tokens[i + offset]!.word === word),
    );
    if (!found) {
      i += 1;
      continue;
    }
    const last = tokens[i + found.words.length - 1]!;
    text += query.slice(copiedTo, tokens[i]!.start) + found.replacement;
    copiedTo = last.end;
    i += found.words.length;
  }
  return copiedTo === 0 ? query : text + query.slice(copiedTo);
}
