import { searchDocument } from '../contract';
import { setFeatures } from '../query/features';
import { EmbeddedSearchEngine } from './embedded-engine';

// Ranking behaviours that come from how queries are read, on small catalogs built for each case.

async function engineWith(documents: ReturnType<typeof searchDocument>[]) {
  const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000 });
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 1 });
  return engine;
}

const names = async (engine: EmbeddedSearchEngine, query: string) =>
  (await engine.search({ query })).hits.map((hit) => hit.document.name);

describe('embedded ranking', () => {
  afterEach(() => setFeatures({}));

  it('does not read "accounting" as the account of an account executive', async () => {
    const engine = await engineWith([
      searchDocument('1', {
        name: 'Closer',
        role: 'Account Executive',
        description: 'Books demos for your business.',
      }),
      searchDocument('2', { name: 'Ledgerly', role: 'Accountant', description: 'Keeps your books.' }),
    ]);
    expect(await names(engine, 'bookkeeping for my business')).toEqual(['Ledgerly', 'Closer']);
    expect(await names(engine, 'accounting')).toEqual(['Ledgerly']);
    await engine.close();
  });

  it('does not read "documents" as documentation', async () => {
    const engine = await engineWith([
      searchDocument('1', {
        name: 'DocWriter',
        role: 'Technical Writer',
        description: 'Writes documentation.',
      }),
      searchDocument('2', { name: 'Lingo', role: 'Translator', description: 'Translates documents.' }),
    ]);
    expect(await names(engine, 'translate documents')).toEqual(['Lingo']);
    await engine.close();
  });

  it('fills a short page with agents matching less of the query, after those matching it well', async () => {
    const partial = Array.from({ length: 25 }, (_, i) =>
      searchDocument(`p${i}`, { name: `Poster ${i}`, description: 'Schedules social media posts.' }),
    );
    const unrelated = Array.from({ length: 20 }, (_, i) => searchDocument(`u${i}`, { name: `Helper ${i}` }));
    const engine = await engineWith([
      searchDocument('z', { name: 'Stripes', description: 'Zebra tracking on social media.' }),
      ...partial,
      ...unrelated,
    ]);
    const response = await engine.search({ query: 'zebra tracking on social media', hitsPerPage: 50 });
    const found = response.hits.map((hit) => hit.document.name);
    expect(found[0]).toBe('Stripes');
    expect(found.slice(1).every((name) => name.startsWith('Poster'))).toBe(true);
    // A page's worth, not every agent that mentions social media.
    expect(response.totalHits).toBe(20);
    await engine.close();
  });

  it('follows a misspelt product name with its alternatives, as the name spelt right', async () => {
    const engine = await engineWith([
      searchDocument('1', {
        name: 'Pixelforge',
        role: 'Illustrator',
        description: 'Generates images from prompts.',
      }),
      searchDocument('2', { name: 'Drawly', role: 'Illustrator', description: 'Generates images and art.' }),
      searchDocument('3', { name: 'Ledgerly', role: 'Accountant', description: 'Keeps your books.' }),
    ]);
    const spelt = await names(engine, 'pixelforge');
    expect(spelt.slice(0, 2)).toEqual(['Pixelforge', 'Drawly']);
    expect(await names(engine, 'pixelfrge')).toEqual(spelt);
    await engine.close();
  });

  it('reads a word most agents have after a product name as asking for the product and its alternatives', async () => {
    const generic = Array.from({ length: 8 }, (_, i) =>
      searchDocument(`g${i}`, {
        name: `Gadget AI ${i}`,
        role: 'Software Engineer',
        description: 'An AI tool.',
      }),
    );
    const engine = await engineWith([
      searchDocument('1', {
        name: 'Otterly',
        role: 'Meeting Note Taker',
        description: 'AI notes of your calls.',
      }),
      searchDocument('2', {
        name: 'Minutely',
        role: 'Meeting Note Taker',
        description: 'Notes of your calls.',
      }),
      ...generic,
    ]);
    expect((await names(engine, 'otterly ai')).slice(0, 2)).toEqual(['Otterly', 'Minutely']);
    await engine.close();
  });

  it('reads a product name short of its generic word as naming it, so its alternatives follow (partialName; without it, the product alone)', async () => {
    const generic = Array.from({ length: 8 }, (_, i) =>
      searchDocument(`g${i}`, {
        name: `Gadget AI ${i}`,
        role: 'Software Engineer',
        description: 'An AI tool.',
      }),
    );
    const engine = await engineWith([
      searchDocument('1', {
        name: 'Pictory AI',
        role: 'Video Producer',
        description: 'Turns text into videos.',
      }),
      searchDocument('2', {
        name: 'Clipmaker',
        role: 'Video Producer',
        description: 'Turns scripts into videos.',
      }),
      searchDocument('3', { name: 'Ledgerly', role: 'Accountant', description: 'Keeps your books.' }),
      ...generic,
    ]);
    expect(await names(engine, 'pictory')).toEqual(['Pictory AI']);
    const gadget = await names(engine, 'gadget');
    setFeatures({ partialName: true });
    expect((await names(engine, 'pictory')).slice(0, 2)).toEqual(['Pictory AI', 'Clipmaker']);
    // Misspelt as people do, it names the same product.
    expect((await names(engine, 'pictorry')).slice(0, 2)).toEqual(['Pictory AI', 'Clipmaker']);
    // A word of many agents' names ("gadget", in eight) names none of them.
    expect(await names(engine, 'gadget')).toEqual(gadget);
    await engine.close();
  });

  it('does not take one everyday word of a use case for a product name (nameIntent; without it, it does)', async () => {
    const catalog = [
      searchDocument('1', { name: 'Virtual', role: 'Event Planner', description: 'Hosts online events.' }),
      searchDocument('2', {
        name: 'Checkbot',
        role: 'HR Generalist',
        description: 'Onboarding.',
      }),
      // "virtual" is an everyday word here, in more agents than a product's own word would be.
      ...['Tours', 'Desk', 'Office', 'Class'].map((word, i) =>
        searchDocument(`v${i}`, {
          name: `${word}ly`,
          role: 'Assistant',
          description: `Virtual ${word.toLowerCase()}.`,
        }),
      ),
    ];
    const query = 'virtual onboarding for new staff';
    setFeatures({ nameIntent: false });
    const without = await engineWith(catalog);
    expect((await names(without, query))[0]).toBe('Virtual');
    await without.close();
    setFeatures({});
    const engine = await engineWith(catalog);
    expect((await names(engine, query))[0]).toBe('Checkbot');
    await engine.close();
  });

  it('reads "hire a <job>" as the job named rather than as recruiting', async () => {
    const engine = await engineWith([
      searchDocument('1', { name: 'Hirely', role: 'Recruiter', description: 'Helps you hire faster.' }),
      searchDocument('2', {
        name: 'Cutter',
        role: 'Podcast Producer',
        description: 'Produces your podcast.',
      }),
    ]);
    expect(await names(engine, 'hire a podcast producer')).toEqual(['Cutter']);
    await engine.close();
  });

  it('does not let a rare synonym make a common query word outweigh a rare one (literalImportance, measured and not kept: turned on here)', async () => {
    setFeatures({ literalImportance: true });
    const writers = Array.from({ length: 12 }, (_, i) =>
      searchDocument(`w${i}`, { name: `Penman ${i}`, role: 'Writer', description: 'Writes blog content.' }),
    );
    const engine = await engineWith([
      ...writers,
      searchDocument('g', { name: 'Quill', role: 'Writer', description: 'Ghostwriting for founders.' }),
      searchDocument('l', {
        name: 'Linkboost',
        role: 'Social Media Manager',
        description: 'Grows your LinkedIn.',
      }),
      searchDocument('x', { name: 'Other', role: 'Accountant', description: 'Keeps your books.' }),
    ]);
    expect((await names(engine, 'write linkedin updates'))[0]).toBe('Linkboost');
    await engine.close();
  });

  describe('word associations (measured, not kept: turned on here)', () => {
    // WordNet and GloVe (lexicon/word-associations.json) hold "speech" and "address" (73 %),
    // "lecture" and "speech" (60 %).

    it('re-scores the agents the typed words found, and brings in none that only has an associated word', async () => {
      const engine = await engineWith([
        searchDocument('1', { name: 'Plain', description: 'A coach for teams.' }),
        searchDocument('2', { name: 'Public', description: 'A coach for an address.' }),
        searchDocument('3', { name: 'Book', description: 'Keeps an address book.' }),
        searchDocument('4', { name: 'Orator', description: 'Writes a speech.' }),
      ]);
      const before = await engine.search({ query: 'speech coach' });
      setFeatures({ associations: true });
      const after = await engine.search({ query: 'speech coach' });
      const order = after.hits.map((hit) => hit.document.name);
      expect(before.hits.map((hit) => hit.document.name).indexOf('Plain')).toBeLessThan(
        before.hits.map((hit) => hit.document.name).indexOf('Public'),
      );
      expect(order.indexOf('Public')).toBeLessThan(order.indexOf('Plain'));
      expect(order).not.toContain('Book');
      // What lifted it is said as such.
      const publicWhy = after.hits.find((hit) => hit.document.name === 'Public')!.why!;
      expect(publicWhy.matched).toContainEqual({ words: 'speech', as: 'address' });
      await engine.close();
    });

    it('reads a word no agent has by its associations, and says so in the why, never as a highlight', async () => {
      const engine = await engineWith([
        searchDocument('1', { name: 'Talky', description: 'Summarises a speech in five lines.' }),
        searchDocument('2', { name: 'Other', description: 'Plans a trip.' }),
      ]);
      expect(await names(engine, 'lecture')).toEqual([]);
      setFeatures({ associations: true });
      const response = await engine.search({ query: 'lecture', highlight: true });
      expect(response.hits.map((hit) => hit.document.name)).toEqual(['Talky']);
      expect(response.hits[0]!.why?.matched).toEqual([{ words: 'lecture', as: 'speech' }]);
      const marked = Object.values(response.hits[0]!.highlight ?? {}).flatMap((field) =>
        field!.parts.filter((part) => part.match).map((part) => part.text),
      );
      expect(marked).toEqual([]);
      await engine.close();
    });
  });

  it('with termSpecificity, weighs a common English word of the query below a rarer one', async () => {
    // "read" is rarer in this catalog than "pdfs", so the catalog alone puts the reader first;
    // English at large says "read" is the generic part.
    const others = Array.from({ length: 7 }, (_, i) =>
      searchDocument(`o${i}`, { name: `Other ${i}`, role: 'Planner', description: 'Plans trips.' }),
    );
    const engine = await engineWith([
      ...others,
      searchDocument('r', { name: 'Narrator', role: 'Voice', description: 'Reads messages.' }),
      searchDocument('s', { name: 'Sorter', role: 'Clerk', description: 'Sorts pdfs.' }),
      searchDocument('m', { name: 'Merger', role: 'Clerk', description: 'Merges pdfs.' }),
    ]);
    expect((await names(engine, 'read pdfs'))[0]).toBe('Narrator');
    setFeatures({ termSpecificity: true });
    expect((await names(engine, 'read pdfs')).slice(0, 2).sort()).toEqual(['Merger', 'Sorter']);
    await engine.close();
  });
});
