import type { SearchEngine } from '../port';
import { CATALOG, itWhen, type SearchCapabilities } from './catalog';

// Highlights of the matched words: part of the search contract (describeSearchContract).

export function describeHighlightsContract(engine: () => SearchEngine, can: SearchCapabilities): void {
  itWhen(can.highlight)('highlights the matched words', async () => {
    const response = await engine().search({ query: 'spanish emails', highlight: true });
    const description = response.hits[0]!.highlight!.description!;
    expect(description.parts.filter((part) => part.match).map((part) => part.text.toLowerCase())).toEqual([
      'emails',
      'spanish',
    ]);
    expect(description.parts.map((part) => part.text).join('')).toBe(CATALOG[0]!.description);
  });
}
