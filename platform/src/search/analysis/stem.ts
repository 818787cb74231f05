import { stemmer } from 'stemmer';

// Porter stemming, memoised: vocabularies are small next to the number of tokens we stem.

const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

export function stem(word: string): string {
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    // Short words and words with digits are names or codes ("gpt4", "ai"): keep them whole.
    stemmed = word.length <= 3 || /\d/.test(word) ? word : stemmer(word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, stemmed);
  }
  return stemmed;
}
