/** How many letters initials() gives at most. */
export const INITIALS_MAX = 2;

/** First letters of up to the first two words of a full name, upper-cased, at most 2 characters. */
export function initials(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, INITIALS_MAX)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, INITIALS_MAX);
}
