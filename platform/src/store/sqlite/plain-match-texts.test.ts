import type Database from 'better-sqlite3';
import { agentInput } from '../contract/fixtures';
import type { Store } from '../port';
import { searchBasicHeldIn, searchBasicIn } from './agent-reads';
import { PlainMatchTexts } from './plain-match-texts';
import { openSqliteStore } from './sqlite-store';

// The search fallback's copy of the agents' texts answers exactly what SQLite's own scan answers
// (searchBasicIn): the same agents in the same order, before and after creates, edits that move an
// agent to another category, removals, returns, a pruned change log and a burst of changes.

const ROLES = ['Bookkeeper', 'Translator', 'Recruiter'];
const CATEGORIES = ['Finance', 'Language', 'People'];
const QUERIES = [
  'bookkeeper',
  'ledger12',
  'translator shop 7',
  'LEDGER1 people',
  'nothing-like-it',
  'shop',
  'Ünïcode ledger',
];

describe('plain matching from a copy of the texts', () => {
  let store: Store;
  let db: Database.Database;
  let texts: PlainMatchTexts;
  const names = (agents: Array<{ name: string }>) => agents.map((agent) => agent.name);
  const expectSameAnswers = () => {
    // Both rank the same candidates and cut the ranking at the limit: a large limit shows it whole.
    for (const query of QUERIES) {
      expect(names(texts.search(query, 1000))).toEqual(names(searchBasicIn(db, query, 1000)));
      // The ids and held words (searchBasicHeld) of the same agents, as told from the rows' texts.
      expect(texts.searchHeld(query, 1000)).toEqual(searchBasicHeldIn(db, query, 1000));
    }
  };

  beforeEach(async () => {
    store = openSqliteStore(':memory:', {
      onOpen: (opened) => {
        db = opened;
      },
    });
    await store.agents.importMany(
      Array.from({ length: 2600 }, (_, i) =>
        agentInput({
          name: i === 5 ? 'ÜNÏCODE Ledger' : `Ledger${i}`,
          role: ROLES[i % 3]!,
          category: CATEGORIES[(i * 7) % 3]!,
          description: `Keeps the books of shop ${i}.`,
          address: `https://ledger-${i}.example`,
        }),
      ),
    );
    texts = new PlainMatchTexts(db);
  });
  afterEach(() => store.close());

  it('answers as the scan in SQLite does, past the bound of candidates', () => {
    expect(texts.loaded).toBe(false);
    expectSameAnswers();
    expect(texts.loaded).toBe(true);
    // "shop" is in every agent: the bound (the first 2,000 in the store's order) decides who is ranked.
    expect(names(texts.search('shop', 3000))).toHaveLength(2000);
  });

  it('follows creates, edits that move an agent, removals and returns through the change log', async () => {
    expectSameAnswers();
    const [first] = await store.agents.list({ category: 'Finance' });
    await store.agents.update(first!.id, { category: 'People', description: 'Now a translator of shop 7.' });
    const [gone] = await store.agents.list({ category: 'Language' });
    await store.agents.update(gone!.id, { removed: true });
    await store.agents.create(agentInput({ name: 'Ledger12 Latecomer', address: 'https://late.example' }));
    expectSameAnswers();
    expect(names(texts.search('latecomer', 5))).toEqual(['Ledger12 Latecomer']);
    await store.agents.update(gone!.id, { removed: false });
    expectSameAnswers();
  });

  it('reads every text again when the changes it had not seen were pruned', async () => {
    expectSameAnswers();
    const [one] = await store.agents.list({ category: 'People' });
    await store.agents.update(one!.id, { name: 'Prunedaway Bookkeeper' });
    await store.changes.prune(await store.changes.head());
    expect(names(texts.search('prunedaway', 5))).toEqual(['Prunedaway Bookkeeper']);
    expectSameAnswers();
  });

  it('reads every text again after a burst of changes', async () => {
    expectSameAnswers();
    const listed = await store.agents.list({ category: 'Finance' });
    for (const agent of listed.slice(0, 30)) await store.agents.update(agent.id, { role: 'Recruiter' });
    await store.agents.importMany(
      Array.from({ length: 5100 }, (_, i) =>
        agentInput({ name: `Burst${i}`, address: `https://burst-${i}.example` }),
      ),
    );
    expectSameAnswers();
    expect(names(texts.search('burst5099', 5))).toEqual(['Burst5099']);
  });

  it('ranks from the texts as the rows rank: fields, whole words, ties, and texts beyond ASCII', async () => {
    // Each field's place in the text decides its weight ("retail clerk": the name's word outweighs
    // the category's); a word ends at a field's edge; a text with letters beyond ASCII, which SQLite
    // lowercases otherwise than the score does ("ÉCLAIR"), is ranked from its row.
    const agent = (name: string, role: string, category: string, description: string, provider = 'Acme') =>
      agentInput({
        name,
        role,
        category,
        description,
        provider,
        address: `https://${name.length}${role}.example`,
      });
    await store.agents.importMany([
      agent('Shopkeeper', 'Clerk', 'Retail', 'Sells things'),
      agent('Retail Bot', 'Clerk', 'Sales', 'Runs a till'),
      agent('ÉCLAIR Baker', 'Baker', 'Food', 'pâtisserie'),
      agent('Pâtisserie Bot', 'Baker', 'Food', 'makes éclairs'),
      agent('Tie', 'Clerkship', 'Food', 'clerk', 'Clerkco'),
      agent('Tie Too', 'Clerkship', 'Food', 'clerk', 'Clerkco'),
    ]);
    for (const query of ['retail clerk', 'éclair pâtisserie', 'clerk', 'clerkco tie', 'baker food éclairs'])
      for (const limit of [1, 2, 1000])
        expect(names(texts.search(query, limit))).toEqual(names(searchBasicIn(db, query, limit)));
    expect(names(texts.search('retail clerk', 2))).toEqual(['Retail Bot', 'Shopkeeper']);
    expect(names(texts.search('éclair pâtisserie', 2))).toEqual(['ÉCLAIR Baker', 'Pâtisserie Bot']);
  });

  it('tells the words each holds as the fallback shows the texts: entities decoded, case folded beyond ASCII', async () => {
    // SQLite lowercases ASCII only ("ÉCLAIR" stays "Éclair" in the copy) and reads "&amp;" as it is
    // stored; the floor reads "éclair" and "&" (search/document.ts): those texts are told from their rows.
    await store.agents.importMany([
      agentInput({ name: 'ÉCLAIR Baker', description: 'pâtisserie', address: 'https://eclair.example' }),
      agentInput({ name: 'Tally &amp; Co', description: 'Bakes bread', address: 'https://t.example' }),
      agentInput({ name: 'Tally Stamp', description: 'Bakes bread', address: 'https://s.example' }),
    ]);
    const query = 'pâtisserie éclair amp';
    const byName = new Map(
      (await store.agents.list({ limit: 3000 })).map((agent) => [agent.name, agent.id] as const),
    );
    const { ids, held: bits } = texts.searchHeld(query, 1000);
    const held = new Map(ids.map((id, i) => [id, bits[i]]));
    // Words: pâtisserie (bit 0), éclair (bit 1), amp (bit 2): "&amp;" is "&", "Stamp" holds "amp".
    expect(held.get(byName.get('ÉCLAIR Baker')!)).toBe(0b011);
    expect(held.get(byName.get('Tally &amp; Co')!)).toBe(0);
    expect(held.get(byName.get('Tally Stamp')!)).toBe(0b100);
    expect(texts.searchHeld(query, 1000)).toEqual(searchBasicHeldIn(db, query, 1000));
    expect(texts.searchHeld('amp', 1000)).toEqual(searchBasicHeldIn(db, 'amp', 1000));
  });

  it('lets the texts go and reads them again at the next query', () => {
    expectSameAnswers();
    texts.release();
    expect(texts.loaded).toBe(false);
    expectSameAnswers();
  });
});
