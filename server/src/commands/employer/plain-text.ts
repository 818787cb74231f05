// What employers and providers type to each other is kept as plain text: the client renders it as
// text and the e-mails are plain text (their HTML part escapes it), so no markup is removed, only
// what no reader should get: control characters (line breaks and tabs of a message excepted) and
// the Unicode controls that reorder text on screen (a sender could make an address read backwards).

const CONTROLS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** A message: line breaks kept (as \n), tabs as spaces, trimmed. */
export function cleanMessage(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\S\n]*\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/[^\n\P{Cc}]/gu, '')
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .trim();
}

/** A one-line value (a list name, preferred times): every control character and line break removed. */
export function cleanLine(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(CONTROLS, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
