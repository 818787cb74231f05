import { stem } from '../analysis/stem';
import { QUERY_FILLERS, STOPWORDS } from '../analysis/stopwords';
import { wholeWords } from '../analysis/tokenize';
import { defaultConcepts } from './compiled-concepts';
import { FEATURES } from './features';
import { matchConcepts } from './plan';

// What a query asks for, before any engine looks at it, and the same for every engine: framing
// words taken off ("hire a …", "replace my …", "virtual …" when the words after them name a
// job). The embedded engine plans from it; the Meilisearch adapter translates it
// (meili/plan-translate.ts).

/**
 * Words that frame a request for a job rather than describe it, with the words that must follow
 * them (null: any). "hire a podcast producer" asks for an agent that produces podcasts; "hiring
 * engineers" or "hire faster" keep the recruiting sense.
 */
const FRAMING = new Map<string, Set<string> | null>([
  ['hire', new Set(['a', 'an'])],
  ['hiring', new Set(['a', 'an'])],
  ['replace', new Set(['my', 'our', 'the'])],
  ['replacing', new Set(['my', 'our', 'the'])],
  ['virtual', null],
]);

/** Words between a framing word and the job it frames ("hire an ai …", "replace my …"). */
const LEAD_IN = new Set(['a', 'an', 'my', 'our', 'the', 'ai', 'virtual']);

/** The words of the job after a framing word: at most this many before a stop word or the end. */
const MAX_JOB_WORDS = 4;

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
 * A person's job in one word: English agent nouns that are hardly ever anything else
 * (scientist, engineer, librarian). Others (editor, assistant, bookkeeper, tutor) count when they
 * end a role of the catalog, or when another word of the job is a word of a role ("qa tester"):
 * "background generator", "logo" or "restaurant" never do.
 */
const AGENT_NOUN = /^[a-z]{3,}(?:ist|eer|ian)s?$/;
const MAYBE_AGENT_NOUN = /^[a-z]{3,}(?:er|or|ant|ist)s?$/;

export interface QueryIntent {
  /** The query as it goes to the engines: framing words taken off. */
  text: string;
  /** Framing words that were taken off. */
  framing: string[];
}

export interface IntentContext {
  /** True for the stem of a word that ends one of the catalog's roles (roleWords().heads). */
  isJobHead?: (stemmed: string) => boolean;
  /** True for the stem of any word of one of the catalog's roles (roleWords().words). */
  isRoleWord?: (stemmed: string) => boolean;
}

/**
 * The stems of the words that end the catalog's roles ("Video Editor" → editor, "Customer Support
 * Agent" → agent; "Sales Development Representative (SDR)" → representative and sdr).
 */
export function roleWords(roles: Iterable<string>): { heads: Set<string>; words: Set<string> } {
  const heads = new Set<string>();
  const all = new Set<string>();
  for (const role of roles) {
    for (const part of role.split('(')) {
      const words = wholeWords(part).filter((word) => !STOPWORDS.has(word) && !GENERIC_ROLE_WORDS.has(word));
      for (const word of words) all.add(stem(word));
      const last = wholeWords(part)
        .filter((word) => !STOPWORDS.has(word))
        .pop();
      if (last) heads.add(stem(last));
    }
  }
  return { heads, words: all };
}

/** Words in every role here, which tell no job from another. */
const GENERIC_ROLE_WORDS = new Set(['ai', 'agent', 'agents']);

/**
 * True when the words (a head last) name a job. Recruiting's own words keep "hire" in its
 * recruiting sense.
 */
function namesJob(words: string[], context: IntentContext): boolean {
  const head = words[words.length - 1];
  if (head === undefined || /^recruit|^talent|^candidate/.test(head)) return false;
  if (AGENT_NOUN.test(head) || context.isJobHead?.(stem(head))) return true;
  return MAYBE_AGENT_NOUN.test(head) && words.slice(0, -1).some((word) => context.isRoleWord?.(stem(word)));
}

/** The words of the job after position `at`, its head last (empty when none follow). */
function jobAfter(words: string[], at: number): string[] {
  let i = at + 1;
  while (i < words.length && LEAD_IN.has(words[i]!)) i++;
  const job: string[] = [];
  for (; i < words.length && job.length < MAX_JOB_WORDS; i++) {
    const word = words[i]!;
    if (STOPWORDS.has(word) || QUERY_FILLERS.has(word) || FRAMING.has(word)) break;
    job.push(word);
  }
  return job;
}

export function readIntent(query: string, context: IntentContext = {}): QueryIntent {
  if (!FEATURES.jobFraming) return { text: query, framing: [] };
  const words = wholeWords(query.slice(0, 500)).slice(0, 32);
  if (!words.some((word) => FRAMING.has(word))) return { text: query, framing: [] };
  // A framing word inside a longer known phrase is part of it ("virtual assistant").
  const inPhrase = new Set(
    matchConcepts(words.map(stem), defaultConcepts(), words)
      .filter((match) => match.positions.length > 1)
      .flatMap((match) => match.positions),
  );
  const dropped = new Set<number>();
  words.forEach((word, i) => {
    if (!FRAMING.has(word) || inPhrase.has(i)) return;
    const next = FRAMING.get(word);
    if (next && !next.has(words[i + 1] ?? '')) return;
    // Only the job it frames decides: "hire a podcast producer", not "replace the logo on my photos".
    if (namesJob(jobAfter(words, i), context)) dropped.add(i);
  });
  if (dropped.size === 0 || dropped.size === words.length) return { text: query, framing: [] };
  return {
    text: words.filter((_, i) => !dropped.has(i)).join(' '),
    framing: [...dropped].map((i) => words[i]!),
  };
}
