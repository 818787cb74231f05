import type { Store } from '../store/port';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { DUPLICATE_REASON, importAgents } from './import-agents';
import { ImportFileError } from './import-file-error';

function row(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Name: 'Scout',
    Provider: 'Acme',
    Category: 'Sales',
    Role: 'Sales Development Representative',
    Description: 'Finds and qualifies leads.',
    Cost: 'Free',
    Address: 'https://scout.example',
    ...overrides,
  };
}

let store: Store;

beforeEach(() => {
  store = openSqliteStore(':memory:');
});

afterEach(async () => {
  await store.close();
});

describe('importAgents', () => {
  it('When every row is valid, then every agent is added and nothing is skipped', async () => {
    const rows = [row({ Name: 'Scout' }), row({ Name: 'Atlas' }), row({ Name: 'Beacon' })];

    const result = await importAgents(store, rows);

    expect(result).toEqual({ added: 3, skipped: [] });
    expect(await store.agents.count()).toBe(3);
  });

  it('When a row lacks a name, then it is skipped with "Name is required"', async () => {
    const result = await importAgents(store, [row({ Name: 'Scout' }), row({ Name: '  ' })]);

    expect(result).toEqual({ added: 1, skipped: [{ row: 2, name: '', reason: 'Name is required' }] });
  });

  it('When a row breaks several rules, then its reason joins every field message', async () => {
    const rows = [row({ Name: '', Address: 'not a url' })];

    const result = await importAgents(store, rows);

    expect(result.skipped).toEqual([{ row: 1, name: '', reason: 'Name is required; Invalid URL format' }]);
  });

  it('When a row has a bad email, then it is skipped with the email message after the field messages', async () => {
    const result = await importAgents(store, [row({ Cost: '', Email: 'nobody' })]);

    expect(result.skipped).toEqual([
      { row: 1, name: 'Scout', reason: 'Cost is required; Invalid email format' },
    ]);
  });

  it('When row numbers are given, then skipped rows are reported by them', async () => {
    const rows = [row({ Name: 'Scout' }), row({ Name: '' }), row({ Name: 'Scout' })];

    const result = await importAgents(store, rows, { rowNumbers: [2, 5, 9] });

    expect(result.skipped).toEqual([
      { row: 5, name: '', reason: 'Name is required' },
      { row: 9, name: 'Scout', reason: DUPLICATE_REASON },
    ]);
  });

  it('When a file repeats an agent, in the same batch or a later one, then only the first is added', async () => {
    const rows = [
      row({ Name: 'Scout' }),
      row({ Name: 'SCOUT ' }),
      row({ Name: 'Atlas' }),
      row({ Name: 'scout' }),
    ];

    const result = await importAgents(store, rows, { batchSize: 3 });

    expect(result).toEqual({
      added: 2,
      skipped: [
        { row: 2, name: 'SCOUT', reason: DUPLICATE_REASON },
        { row: 4, name: 'scout', reason: DUPLICATE_REASON },
      ],
    });
  });

  it('When two agents share a name but not a provider, then both are added', async () => {
    const result = await importAgents(store, [row({ Provider: 'Acme' }), row({ Provider: 'Globex' })]);

    expect(result).toEqual({ added: 2, skipped: [] });
  });

  it('When an agent is already listed, then its row is skipped as already listed', async () => {
    await importAgents(store, [row({ Name: 'Scout' })]);

    const result = await importAgents(store, [row({ Name: 'Atlas' }), row({ Name: 'Scout' })]);

    expect(result).toEqual({ added: 1, skipped: [{ row: 2, name: 'Scout', reason: DUPLICATE_REASON }] });
  });

  it('When the same file is imported again, then it adds 0 and skips every valid row', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => row({ Name: `Agent ${index}` }));
    await importAgents(store, rows, { batchSize: 3 });

    const again = await importAgents(store, rows, { batchSize: 3 });

    expect(again.added).toBe(0);
    expect(again.skipped.map((skipped) => skipped.row)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await store.agents.count()).toBe(7);
  });

  it('When an address has no scheme, then the agent is stored with https://', async () => {
    await importAgents(store, [row({ Address: ' scout.example/agents ' })]);

    const [agent] = await store.agents.list();
    expect(agent?.address).toBe('https://scout.example/agents');
  });

  it('When JSON rows use lower-case fields and extra keys, then they are imported', async () => {
    const rows = [
      {
        name: 'Scout',
        provider: 'Acme',
        category: 'Sales',
        role: 'SDR',
        description: 'Finds leads',
        cost: 'Free',
        address: 'scout.example',
        source: 'list',
      },
    ];

    const result = await importAgents(store, rows);

    expect(result.added).toBe(1);
    expect(await store.agents.list()).toEqual([expect.objectContaining({ name: 'Scout', email: null })]);
  });

  it('When cells hold numbers, then they are imported as text', async () => {
    await importAgents(store, [row({ Name: 2048, Cost: 0 })]);

    const [agent] = await store.agents.list();
    expect(agent).toMatchObject({ name: '2048', cost: '0' });
  });

  it('When rows are imported in batches, then progress is reported after each batch up to the total', async () => {
    const rows = Array.from({ length: 5 }, (_, index) => row({ Name: index === 3 ? '' : `Agent ${index}` }));
    const calls: Array<[number, number]> = [];

    await importAgents(store, rows, { batchSize: 2, onProgress: (done, total) => calls.push([done, total]) });

    expect(calls).toEqual([
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
  });

  it('When the rows lack required columns altogether, then the file is refused before anything is written', async () => {
    const rows = [{ Name: 'Scout', Provider: 'Acme', Category: 'Sales', Role: 'SDR', Description: 'x' }];

    const attempt = importAgents(store, rows);

    await expect(attempt).rejects.toThrow(new ImportFileError('The file has no Cost, Address columns'));
    expect(await store.agents.count()).toBe(0);
  });

  it('When there are no rows, then nothing is added', async () => {
    expect(await importAgents(store, [])).toEqual({ added: 0, skipped: [] });
  });

  it('When the batch size is not a positive integer, then the import is refused', async () => {
    await expect(importAgents(store, [row()], { batchSize: 0 })).rejects.toThrow(RangeError);
  });
});
