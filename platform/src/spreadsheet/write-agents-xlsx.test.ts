import { Readable } from 'node:stream';
import { EMPTY_PROFILE } from '@agentry/domain/agent-profile';
import { PROFILE_COLUMNS } from '@agentry/domain/profile-cells';
import * as XLSX from 'xlsx';
import { agentsWorkbookStream, DOWNLOAD_COLUMNS, type SpreadsheetAgent } from './write-agents-xlsx';

function agent(name: string, overrides: Partial<SpreadsheetAgent> = {}): SpreadsheetAgent {
  return {
    name,
    provider: 'Acme',
    category: 'Sales',
    role: 'SDR',
    description: `${name} finds leads`,
    cost: 'Free',
    address: `https://${name.toLowerCase()}.example`,
    ...overrides,
  };
}

async function* batchesOf(agents: SpreadsheetAgent[], size: number): AsyncGenerator<SpreadsheetAgent[]> {
  for (let start = 0; start < agents.length; start += size) yield agents.slice(start, start + size);
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sheetOf(bytes: Buffer): XLSX.WorkSheet {
  const book = XLSX.read(bytes, { type: 'buffer' });
  return book.Sheets[book.SheetNames[0]!]!;
}

function rowsOf(bytes: Buffer): string[][] {
  return XLSX.utils.sheet_to_json<string[]>(sheetOf(bytes), { header: 1, defval: '', raw: false });
}

function asRow(value: SpreadsheetAgent): string[] {
  return [
    value.name,
    value.provider,
    value.category,
    value.role,
    value.description,
    value.cost,
    value.address,
    // No profile: its columns are empty.
    ...PROFILE_COLUMNS.map(() => ''),
  ];
}

describe('agentsWorkbookStream', () => {
  it('When an agent has a structured profile, then its columns follow the spec columns: codes, lists joined with "; ", yes/no', async () => {
    const profile = {
      ...EMPTY_PROFILE,
      pricing_model: 'subscription' as const,
      starting_price: 29,
      currency: 'USD' as const,
      billing_period: 'month' as const,
      free_trial: true,
      languages: ['en' as const, 'es' as const],
      tasks: ['Answer tickets, fast', 'Draft replies'],
      confirmed_at: '2026-11-27',
    };
    const bytes = await bytesOf(agentsWorkbookStream(batchesOf([agent('Scout', { profile })], 1)));
    const [header, row] = rowsOf(bytes);
    const cell = (column: string) => row![header!.indexOf(column)];
    expect(header!.slice(7)).toEqual([...PROFILE_COLUMNS]);
    expect(cell('Pricing model')).toBe('subscription');
    expect(cell('Starting price')).toBe('29');
    expect(cell('Free trial')).toBe('yes');
    expect(cell('Languages')).toBe('en; es');
    expect(cell('Tasks')).toBe('Answer tickets, fast; Draft replies');
    expect(cell('MCP server')).toBe('');
    expect(cell('Last confirmed')).toBe('2026-11-27');
  });

  it('When agents arrive in batches, then the workbook has the header row and every agent in order', async () => {
    const agents = ['Scout', 'Closer', 'Helper', 'Writer', 'Analyst'].map((name) => agent(name));

    const bytes = await bytesOf(agentsWorkbookStream(batchesOf(agents, 2)));

    expect(bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    expect(rowsOf(bytes)).toEqual([[...DOWNLOAD_COLUMNS], ...agents.map(asRow)]);
  });

  it('When there are no agents, then the workbook holds the header row alone', async () => {
    const bytes = await bytesOf(agentsWorkbookStream(batchesOf([], 10)));

    expect(rowsOf(bytes)).toEqual([[...DOWNLOAD_COLUMNS]]);
  });

  it('When a text looks like a formula, then it is a string cell with a leading apostrophe', async () => {
    const agents = [
      agent('Sum', { description: '=SUM(A1)', cost: '-5% off', role: '+1', provider: '@acme' }),
    ];

    const sheet = sheetOf(await bytesOf(agentsWorkbookStream(batchesOf(agents, 1))));

    expect(sheet.E2).toMatchObject({ t: 's', v: "'=SUM(A1)" });
    expect(sheet.E2.f).toBeUndefined();
    expect(sheet.F2).toMatchObject({ t: 's', v: "'-5% off" });
    expect(sheet.D2).toMatchObject({ t: 's', v: "'+1" });
    expect(sheet.B2).toMatchObject({ t: 's', v: "'@acme" });
  });

  it('When texts hold XML markup, unicode, line breaks and _xHHHH_, then they read back unchanged', async () => {
    const agents = [
      agent('Tom & Jerry <b>', {
        description: 'Line one\nline two\n\ttabbed "quoted" \'single\' ]]> &amp; a\rb',
        role: 'Café 北京 😀 עברית',
        cost: '_x0041_ stays',
        address: '  padded  ',
      }),
    ];

    const bytes = await bytesOf(agentsWorkbookStream(batchesOf(agents, 1)));

    expect(rowsOf(bytes)[1]).toEqual(asRow(agents[0]!));
  });

  it('When a text holds characters XML 1.0 forbids, then they are dropped and the file still reads', async () => {
    const agents = [agent('Bell\u0007', { description: 'nul\u0000 and lone \uD800 surrogate \uFFFE end' })];

    const bytes = await bytesOf(agentsWorkbookStream(batchesOf(agents, 1)));

    expect(rowsOf(bytes)[1]?.slice(0, 5)).toEqual([
      'Bell',
      'Acme',
      'Sales',
      'SDR',
      'nul and lone  surrogate  end',
    ]);
  });

  it('When 25,000 agents stream in batches of 500, then every row arrives', async () => {
    let produced = 0;
    async function* manyBatches(): AsyncGenerator<SpreadsheetAgent[]> {
      for (let batch = 0; batch < 50; batch++) {
        yield Array.from({ length: 500 }, () => agent(`Agent${++produced}`));
      }
    }

    const rows = rowsOf(await bytesOf(agentsWorkbookStream(manyBatches())));

    expect(rows).toHaveLength(25_001);
    expect(rows[25_000]?.[0]).toBe('Agent25000');
  });

  it('When the output is not read, then batches are not read ahead of it', async () => {
    let batchesRead = 0;
    async function* endless(): AsyncGenerator<SpreadsheetAgent[]> {
      for (;;) {
        batchesRead++;
        yield Array.from({ length: 100 }, (_, index) =>
          agent(`Agent${index}`, { description: 'x'.repeat(500) }),
        );
      }
    }
    const stream = agentsWorkbookStream(endless());

    await new Promise((resolve) => setTimeout(resolve, 200));
    const readWhilePaused = batchesRead;
    stream.destroy();

    expect(readWhilePaused).toBeGreaterThan(0);
    expect(readWhilePaused).toBeLessThan(100);
  });

  it('When the batches fail, then the stream errors with that error', async () => {
    async function* failing(): AsyncGenerator<SpreadsheetAgent[]> {
      yield [agent('Scout')];
      throw new Error('store went away');
    }

    await expect(bytesOf(agentsWorkbookStream(failing()))).rejects.toThrow('store went away');
  });

  it('When the reader destroys the stream, then the batches are closed', async () => {
    let started: () => void;
    const sheetStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let closed = false;
    async function* tracked(): AsyncGenerator<SpreadsheetAgent[]> {
      started();
      try {
        for (;;) yield [agent('Scout', { description: 'y'.repeat(10_000) })];
      } finally {
        closed = true;
      }
    }
    const stream = agentsWorkbookStream(tracked());
    stream.resume();
    await sheetStarted;
    stream.pause();

    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(closed).toBe(true);
  });
});
