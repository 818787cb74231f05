import { decodeEntities } from './html-entities';

// Catalog hygiene (issue 25): imported listings say "Unknown" (132 providers, 401 costs of the real
// catalog), "N/A" or "-" where they know nothing. Shown to visitors as a value ("by Unknown",
// "COST Unknown") it reads as a provider or a price; it is shown as absent instead. The stored
// text stays as it came (staff see it); the pricing class reads the same words as "unknown".

/** Text that states nothing: "Unknown", "N/A", "none", "TBD", "-", "?", "not disclosed"… */
export const NOT_STATED =
  /^(?:unknown|n\/?a|none|tbd|tba|-+|\?+|not (?:listed|available|disclosed|stated))$/i;

/** The text, decoded and trimmed, or null when it is blank or says it is not known. */
export function statedText(text: string | null | undefined): string | null {
  const decoded = decodeEntities(text ?? '').trim();
  return decoded === '' || NOT_STATED.test(decoded) ? null : decoded;
}
