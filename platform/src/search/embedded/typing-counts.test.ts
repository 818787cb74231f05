import { searchDocument } from '../contract';
import { EmbeddedSearchEngine } from './embedded-engine';

// Issue 27: the count of an as-you-type search does not jump while a word is being typed. A last
// word that no agent has, but that begins words agents have ("docu"), is still being typed: it
// orders the matches (agents with a word it begins come first) but neither raises the match floor
// nor counts as a part of the query, so the count stays what the words before it found until the
// word is one the catalog knows.

const catalog = [
  searchDocument('1', {
    name: 'Lingo',
    role: 'Translator',
    description: 'Translate documents and contracts into forty languages.',
  }),
  searchDocument('2', { name: 'Babel', role: 'Translator', description: 'Translate websites and apps.' }),
  searchDocument('3', {
    name: 'Subtitler',
    role: 'Video Editor',
    description: 'Translate subtitles for your videos.',
  }),
  searchDocument('4', { name: 'Docket', role: 'Paralegal', description: 'Drafts legal documents.' }),
  searchDocument('5', {
    name: 'Docsy',
    role: 'Technical Writer',
    description: 'Writes documentation for your code.',
  }),
  searchDocument('6', {
    name: 'Dover',
    role: 'Travel Agent',
    description: 'Plans trips to Dover and beyond.',
  }),
  ...Array.from({ length: 10 }, (_, i) =>
    searchDocument(`f${i}`, { name: `Filler ${i}`, description: `Keeps notes number ${i}.` }),
  ),
];

describe('counts while a word is typed (embedded engine)', () => {
  let engine: EmbeddedSearchEngine;
  beforeAll(async () => {
    engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
    await engine.apply({ upserts: catalog, deletes: [], checkpoint: 1 });
  });
  afterAll(() => engine.close());

  const count = async (query: string) => (await engine.search({ query, hitsPerPage: 20 })).matchCount;

  it('keeps the count of the words before a word being typed, letter after letter', async () => {
    const before = await count('translate');
    expect(before).toBe(3);
    // ("translate doc" is not among them: "doc" is a word the search knows, a synonym of documentation.)
    for (const typed of [
      'translate d',
      'translate do',
      'translate docu',
      'translate docum',
      'translate documen',
    ])
      expect({ typed, count: await count(typed) }).toEqual({ typed, count: before });
  });

  it('puts the matches with a word the typed letters begin first', async () => {
    const response = await engine.search({ query: 'translate docu', hitsPerPage: 20 });
    expect(response.hits[0]!.document.name).toBe('Lingo');
    // An agent with only the word being typed is no match of "translate".
    const docket = response.hits.find((hit) => hit.document.name === 'Docket');
    expect(docket?.why?.match ?? false).toBe(false);
  });

  it('counts the word once the catalog knows it, and a lone word by its completions', async () => {
    // "document" is a word agents have: the query is now two parts, and the count follows them.
    const whole = await engine.search({ query: 'translate document', hitsPerPage: 20 });
    expect(whole.hits[0]!.document.name).toBe('Lingo');
    expect(whole.matchCount).toBeGreaterThanOrEqual(1);
    // With no word before it, the word being typed is the query: its completions are searched.
    expect(await count('transl')).toBe(3);
  });
});
