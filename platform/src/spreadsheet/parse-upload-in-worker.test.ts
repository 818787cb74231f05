import { PROFILE_COLUMNS } from '@agentry/domain/profile-cells';
import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import { parseUploadInWorker } from './parse-upload-in-worker';
import { NOT_A_WORKBOOK, SpreadsheetRejected, UNREADABLE } from './spreadsheet-rejected';
import { bytesOf, workbookOf, zipOf } from './test-zips';
import { agentsWorkbookStream, type SpreadsheetAgent } from './write-agents-xlsx';

// Each test starts a worker that compiles TypeScript with tsx, so they take a second or so each.
jest.setTimeout(30_000);

const HEADER = [...SPREADSHEET_COLUMNS];
const SCOUT = ['Scout', 'Acme', 'Sales', 'SDR', 'Finds leads', 'Free', 'scout.example'];

async function* batchesOf(agents: SpreadsheetAgent[]): AsyncGenerator<SpreadsheetAgent[]> {
  yield agents;
}

describe('parseUploadInWorker', () => {
  it('When the workbook is good, then the rows and row numbers come back from the worker', async () => {
    const bytes = workbookOf([HEADER, SCOUT, [], SCOUT]);

    const { rows, rowNumbers } = await parseUploadInWorker(bytes, 'agents.xlsx');

    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ Name: 'Scout', Address: 'scout.example' });
    expect(rowNumbers).toEqual([2, 4]);
  });

  it('When the bytes fill their own buffer, then they are moved to the worker, not copied', async () => {
    const bytes = new Uint8Array(workbookOf([HEADER, SCOUT]));

    const parsing = parseUploadInWorker(bytes, 'agents.xlsx');

    expect(bytes.byteLength).toBe(0);
    expect((await parsing).rows).toHaveLength(1);
  });

  it('When a text file is renamed, then the worker refuses it with the reason', async () => {
    const text = Buffer.from('Name,Provider\nScout,Acme\n');

    await expect(parseUploadInWorker(text, 'agents.xlsx')).rejects.toEqual(
      new SpreadsheetRejected(NOT_A_WORKBOOK),
    );
  });

  it('When the zip holds 2,000 entries, then the worker refuses it', async () => {
    const zip = await zipOf(
      Array.from({ length: 2_000 }, (_, index) => [`part${index}.xml`, Buffer.from('<a/>')]),
      { compress: false },
    );

    const parsing = parseUploadInWorker(zip, 'agents.xlsx');

    await expect(parsing).rejects.toBeInstanceOf(SpreadsheetRejected);
    await expect(parsing).rejects.toThrow(/too many parts/);
  });

  it('When the parse takes longer than allowed, then the worker is stopped and the file refused', async () => {
    const bytes = workbookOf([HEADER, SCOUT]);

    await expect(parseUploadInWorker(bytes, 'agents.xlsx', { timeoutMs: 1 })).rejects.toEqual(
      new SpreadsheetRejected(UNREADABLE),
    );
  });

  it('When a downloaded file is uploaded back, then the rows are the agents that were downloaded', async () => {
    const agents: SpreadsheetAgent[] = [
      {
        name: 'Summer',
        provider: '@acme',
        category: 'Finance',
        role: '+1 analyst',
        description: '=SUM(A1)',
        cost: '-5% off',
        address: 'https://summer.example/?a=1&b=<2>',
      },
      {
        name: 'Café 北京',
        provider: 'Acme',
        category: 'Sales',
        role: 'SDR',
        description: "'=already quoted",
        cost: 'Free',
        address: 'cafe.example',
      },
    ];
    const download = await bytesOf(agentsWorkbookStream(batchesOf(agents)));

    const { rows, rowNumbers } = await parseUploadInWorker(download, 'ai_agents.xlsx');

    expect(rows).toEqual(
      agents.map((agent) => ({
        Name: agent.name,
        Provider: agent.provider,
        Category: agent.category,
        Role: agent.role,
        Description: agent.description,
        Cost: agent.cost,
        Address: agent.address,
        // The download carries the structured profile's columns too; these agents state none.
        ...Object.fromEntries(PROFILE_COLUMNS.map((column) => [column, ''])),
      })),
    );
    expect(rowNumbers).toEqual([2, 3]);
  });
});

describe('parseUploadInWorker given part of a larger buffer', () => {
  it('When the bytes are a view inside a larger buffer, then only they are copied and the rest stays', async () => {
    const workbook = workbookOf([HEADER, SCOUT]);
    // Node's small Buffers are such views, on a shared pool.
    const backing = Buffer.alloc(workbook.length + 16, 7);
    workbook.copy(backing, 8);
    const view = backing.subarray(8, 8 + workbook.length);

    const { rows } = await parseUploadInWorker(view, 'agents.xlsx');

    expect(rows).toHaveLength(1);
    expect(backing.byteLength).toBe(workbook.length + 16);
    expect(backing[0]).toBe(7);
  });
});
