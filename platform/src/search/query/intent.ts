import { stem } from '../analysis/stem';
import { QUERY_FILLERS, STOPWORDS } from '../analysis/stopwords';
import { wholeWords } from '../analysis/tokenize';
import { defaultConcepts } from './compiled-concepts';
import { FEATURES } from './features';
import { matchConcepts } from './plan';

// What a query asks for, before any engine looks at it, and the same for every engine: framing
// words taken off ("hire a …", "replace my …", "virtual …" when a job is named), and whether the
// query reads like a product's name. The embedded engine plans from it; the Meilisearch adapter
// translates it (meili/plan-translate.ts).

/**
 * Words that frame a request for a job rather than describe it, with the words that must follow
 * them (null: any). "hire a video editor" asks for an agent that edits videos; "hiring engineers"
 * or "hire faster" keep the recruiting sense, and so does any framing when no job is named.
 */
const FRAMING = new Map<string, Set<string> | null>([
  ['hire', new Set(['a', 'an'])],
  ['hiring', new Set(['a', 'an'])],
  ['replace', new Set(['my', 'our', 'the'])],
  ['replacing', new Set(['my', 'our', 'the'])],
  ['virtual', null],
  ['employee', null],
  ['employees', null],
]);

/** Words asking for a product's alternatives rather than describing one. */
export const ALTERNATIVE_WORDS = new Set([
  'alternative',
  'alternatives',
  'vs',
  'versus',
  'competitor',
  'competitors',
  'similar',
]);

/**
 * A person's job in one word: English agent nouns (editor, translator, analyst, assistant, tutor,
 * engineer). Words in -er are too often not people (faster, browser, newsletter): those, and
 * jobs like "paralegal", count when they are a word of one of the catalog's roles.
 */
const AGENT_NOUN = /^[a-z]{3,}(?:or|ist|ant|eer|ian)s?$/;

export interface QueryIntent {
  /** The query as it goes to the engines: framing words taken off. */
  text: string;
  /** Framing words that were taken off. */
  framing: string[];
  /** The query's words that are not stop words or fillers. */
  contentWords: string[];
}

export interface IntentContext {
  /** Stems of the words of the catalog's roles ("video editor" → "video", "editor"). */
  isRoleStem?: (stemmed: string) => boolean;
}

/** True when the word names a job (an agent noun, or a word of a catalog role). */
function namesJob(word: string, context: IntentContext): boolean {
  if (STOPWORDS.has(word) || QUERY_FILLERS.has(word)) return false;
  // Recruiting's own words keep "hire" in its recruiting sense.
  if (/^recruit|^talent|^candidate/.test(word)) return false;
  return AGENT_NOUN.test(word) || (context.isRoleStem?.(stem(word)) ?? false);
}

export function readIntent(query: string, context: IntentContext = {}): QueryIntent {
  const words = wholeWords(query.slice(0, 500)).slice(0, 32);
  const contentWords = words.filter((word) => !STOPWORDS.has(word) && !QUERY_FILLERS.has(word));
  if (!FEATURES.jobFraming) return { text: query, framing: [], contentWords };
  // A framing word inside a longer known phrase is part of it ("virtual assistant").
  const stems = words.map(stem);
  const inPhrase = new Set(
    matchConcepts(stems, defaultConcepts(), words)
      .filter((match) => match.positions.length > 1)
      .flatMap((match) => match.positions.map((position) => words[position]!)),
  );
  const framing = words.filter((word, i) => {
    if (!FRAMING.has(word) || inPhrase.has(word)) return false;
    const next = FRAMING.get(word);
    return !next || next.has(words[i + 1] ?? '');
  });
  const rest = contentWords.filter((word) => !framing.includes(word));
  // Only when another job is named: "virtual assistant" and "hire" alone keep their words.
  const jobNamed = rest.some((word) => namesJob(word, context));
  if (framing.length === 0 || rest.length === 0 || !jobNamed)
    return { text: query, framing: [], contentWords };
  const dropped = new Set(framing);
  return {
    text: words.filter((word) => !dropped.has(word)).join(' '),
    framing,
    contentWords: rest,
  };
}
