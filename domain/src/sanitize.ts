import { charForCodePoint, codePointOf } from './code-points';
import { SANITISED_MAX_LENGTH } from './input-lengths';

// Markup the spec forbids in typed input (section 5). `data:` counts only as a URL scheme
// (data:text/html,...) so that ordinary prose such as "clean data: fast" is not rejected.
const FORBIDDEN_TAGS = 'script|iframe|object|embed|form|input|textarea|select|button';
const FORBIDDEN_TAG = new RegExp(`<\\s*\\/?\\s*(?:${FORBIDDEN_TAGS})\\b[^>]*>?`, 'gi');
const SCRIPT_BLOCK = /<\s*script\b[^>]*>[\s\S]*?<\s*\/\s*script\s*>/gi;
const DANGEROUS_SCHEME = /\b(?:javascript|vbscript)\s*:|\bdata\s*:\s*[\w.+-]+\/[\w.+-]+/gi;
const EVENT_HANDLER = /\s*\bon[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const QUOTES_AND_SEMICOLONS = /[;"'`]/g;

/** True when the text carries markup or a script scheme that the spec rejects. */
export function containsInvalidContent(text: string): boolean {
  const probes = [text, decodeNumericAndBasicEntities(text)];
  return probes.some((probe) => {
    FORBIDDEN_TAG.lastIndex = 0;
    DANGEROUS_SCHEME.lastIndex = 0;
    return FORBIDDEN_TAG.test(probe) || DANGEROUS_SCHEME.test(probe);
  });
}

/**
 * Cleans what a person types into a form: strips the forbidden patterns and event-handler
 * attributes, removes semicolons and quotes, and truncates to 1000 characters.
 */
export function sanitizeInput(text: string): string {
  return text
    .replace(SCRIPT_BLOCK, '')
    .replace(FORBIDDEN_TAG, '')
    .replace(DANGEROUS_SCHEME, '')
    .replace(EVENT_HANDLER, '')
    .replace(QUOTES_AND_SEMICOLONS, '')
    .slice(0, SANITISED_MAX_LENGTH);
}

// Encoded markup (&lt;script&gt;) must not slip past the check; a full decoder lives in entities.ts,
// this small one avoids a cycle and only needs the characters that form tags and schemes.
function decodeNumericAndBasicEntities(text: string): string {
  return (
    text
      // A reference to no character (&#99999999; threw a RangeError: a 500 for any form) cannot
      // spell markup, so it stays as typed.
      .replace(
        /&#x([0-9a-f]+);?/gi,
        (whole, hex: string) => charForCodePoint(codePointOf(hex, true)) ?? whole,
      )
      .replace(/&#(\d+);?/g, (whole, dec: string) => charForCodePoint(codePointOf(dec, false)) ?? whole)
      .replace(/&lt;?/gi, '<')
      .replace(/&gt;?/gi, '>')
      .replace(/&colon;/gi, ':')
  );
}
