import { decodeEntities } from '@agentry/domain/html-entities';

// InstantSearch escapes highlighted values and marks matches with <mark>…</mark>. We split on
// those tags first (a literal "<" in the data is escaped, so it cannot fake one), then undo
// InstantSearch's escaping once and the catalog's own entity encoding once. The parts are
// rendered as React text, so nothing is ever injected as HTML.

export interface HighlightPart {
  text: string;
  highlighted: boolean;
}

const PRE_TAG = '<mark>';
const POST_TAG = '</mark>';
const INSTANTSEARCH_ESCAPES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function unescapeOnce(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => INSTANTSEARCH_ESCAPES[entity] ?? entity);
}

function toText(escaped: string): string {
  return decodeEntities(unescapeOnce(escaped));
}

export function highlightParts(value: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  const push = (escaped: string, highlighted: boolean) => {
    if (escaped !== '') parts.push({ text: toText(escaped), highlighted });
  };
  const [first = '', ...rest] = value.split(PRE_TAG);
  push(first, false);
  for (const chunk of rest) {
    const end = chunk.indexOf(POST_TAG);
    if (end === -1) {
      push(chunk, true);
      continue;
    }
    push(chunk.slice(0, end), true);
    push(
      chunk
        .slice(end + POST_TAG.length)
        .split(POST_TAG)
        .join(''),
      false,
    );
  }
  return parts;
}
