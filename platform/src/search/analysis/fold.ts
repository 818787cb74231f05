// Case and accent folding shared by indexing, querying and highlighting, so that "Café" in a
// description matches "cafe" in a query and highlights map back onto the original text.

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Lower-cases and strips diacritics, keeping the string's length where possible. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}
