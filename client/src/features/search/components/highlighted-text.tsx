import { highlightParts } from '../utils/highlight-parts';

/** Text with the search's matches in <mark>; every part is plain React text (escaped). */
export function HighlightedText({ value }: { value: string }) {
  return (
    <>
      {highlightParts(value).map((part, index) =>
        part.highlighted ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <mark key={index}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
