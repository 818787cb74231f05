// The shortest text either search box searches (issue 25): two characters. One letter is the
// prefix of a large part of the catalog's words, so its answer is noise a person cannot use, and it
// cost the employer box its steadiest count while typing (1,131 agents, then 3 for "r", then 36…).
// So a text shorter than SEARCH_TEXT_MIN is no text, in every place that takes a box's words: the
// home box does nothing with it (as with a blank one: spec section 5), typed or submitted, and a
// shared /?query=r opens the home page; the employer box keeps browsing by its filters, its count
// unchanged; the InstantSearch endpoints read it as an empty query (a browse), so no client of the
// protocol pays for a one-letter prefix either. Two letters ("hr", "ai", "seo") already name things.

export const SEARCH_TEXT_MIN = 2;

/** Whether a box's text is long enough to search: at least SEARCH_TEXT_MIN characters once trimmed. */
export function isSearchableText(text: string): boolean {
  // Characters, not UTF-16 units: "é" typed decomposed or an emoji is still one.
  let count = 0;
  for (const _ of text.trim().normalize('NFC')) if (++count >= SEARCH_TEXT_MIN) return true;
  return false;
}

/** The text as a search takes it: unchanged when searchable, '' (no words) when shorter. */
export function searchableText(text: string): string {
  return isSearchableText(text) ? text : '';
}
