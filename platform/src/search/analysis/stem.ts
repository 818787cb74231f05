import { stemmer } from 'stemmer';

// Porter stemming, memoised: vocabularies are small next to the number of tokens we stem.

const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

/**
 * Words Porter folds into an unrelated word of this catalog ("engineer" and "engine", "accountant" and "account executive", "documentation" and "documents"): each maps
 * to a stem of its own, shared with its other forms. Found by listing the catalog's stems whose
 * words differ in meaning. "customer" and "custom" stay folded: measured, parting them made
 * "custom chatbot trained on my docs" lose the website chatbots people want.
 */
const OVERSTEMMED: Record<string, string> = {
  engineer: 'engineer',
  engineers: 'engineer',
  engineering: 'engineer',
  accountant: 'accountant',
  accountants: 'accountant',
  accounting: 'accountant',
  documentation: 'documentation',
  general: 'general',
  generally: 'general',
  generous: 'generous',
  productivity: 'productiv',
  productive: 'productiv',
  production: 'production',
  productions: 'production',
  executive: 'executive',
  executives: 'executive',
  conversion: 'conversion',
  conversions: 'conversion',
  community: 'communiti',
  communities: 'communiti',
  important: 'important',
  objection: 'objection',
  objections: 'objection',
  news: 'news',
  busy: 'busy',
  international: 'international',
  experiment: 'experiment',
  experiments: 'experiment',
  animal: 'animal',
  animals: 'animal',
  university: 'universiti',
  universities: 'universiti',
  // Found the same way, listing the words of the concept list (concepts.ts) whose stem the
  // catalog shares with words of another meaning: savings and "saves time", wellness and "as
  // well", a code completion and "complete", descriptions and the product Descript (and, by the
  // rule below, localization and "runs locally", personalized and personal, visualization and
  // visuals).
  savings: 'savings',
  wellness: 'wellness',
  fitness: 'fitness',
  practical: 'practical',
  completion: 'completion',
  completions: 'completion',
  description: 'description',
  descriptions: 'description',
  proposal: 'proposal',
  proposals: 'proposal',
  computational: 'computational',
};

/**
 * Whole families that Porter cuts back to a shorter word of another meaning: every form of
 * "localize", "personalize" and "visualize" (either spelling) keeps one stem of its own.
 */
const DERIVED_FAMILY = /^(locali|personali|visuali)[sz](?:e|es|ed|ing|ation|ations|er|ers)?$/;

export function stem(word: string): string {
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    // Short words and words with digits are names or codes ("gpt4", "ai"): keep them whole.
    const family = DERIVED_FAMILY.exec(word);
    stemmed =
      word.length <= 3 || /\d/.test(word)
        ? word
        : family
          ? `${family[1]}z`
          : // Own keys only: "constructor" would otherwise stem to Object's constructor function.
            Object.hasOwn(OVERSTEMMED, word)
            ? OVERSTEMMED[word]!
            : stemmer(word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, stemmed);
  }
  return stemmed;
}
