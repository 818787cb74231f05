import { type AgentProfile, EMPTY_PROFILE, PROFILE_MESSAGES } from '@agentry/domain/agent-profile';
import { PROFILE_COLUMNS } from '@agentry/domain/profile-cells';
import { SPREADSHEET_COLUMNS } from '@agentry/domain/spreadsheet-cells';
import { agentInput } from '@agentry/platform/store/contract';
import * as XLSX from 'xlsx';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser } from '../../../testing/visitor';

// The structured profile (issue 28) in the admin spreadsheet: the download has its columns after
// the spec's, a download uploaded into another catalog keeps them, a file of the spec's columns
// alone (every file made before) imports as it did, and a bad profile cell skips its row with the
// form's message.

const stated: AgentProfile = {
  ...EMPTY_PROFILE,
  pricing_model: 'subscription',
  starting_price: 29,
  currency: 'USD',
  billing_period: 'month',
  free_trial: true,
  trial_days: 14,
  deployment: ['cloud', 'self_hosted'],
  integrations: ['Slack', 'Acme CRM'],
  languages: ['en', 'es'],
  data_residency: ['eu'],
  certifications: ['soc2', 'gdpr'],
  certifications_verified: ['soc2'],
  api_available: true,
  mcp_available: false,
  tasks: ['Answer tickets, fast', 'Draft replies'],
  confirmed_at: '2026-11-20',
};

async function download(browser: AdminBrowser): Promise<Buffer> {
  return (await browser.downloadAgents()).body as Buffer;
}

function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Agents');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const specRow = (name: string) => [
  name,
  'Sheet Labs',
  'Sales',
  'SDR',
  `${name} books meetings.`,
  '$9/month',
  'https://sheet.example',
];

describe('structured profiles in the admin spreadsheet', () => {
  let servers: TestServer[] = [];
  const start = async () => {
    const server = await startTestServer({ ...ADMIN_ENV });
    servers.push(server);
    return { server, admin: await new AdminBrowser(server.running.url).signIn() };
  };
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
  });

  it("a download uploaded into another catalog keeps every profile column but the provider's confirmation", async () => {
    const from = await start();
    const agent = await from.server.running.context.store.agents.create(agentInput({ name: 'Roundtrip' }));
    await from.server.running.context.store.profiles.save(agent.id, stated);
    const bytes = await download(from.admin);

    const sheet = XLSX.read(bytes, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet.Sheets[sheet.SheetNames[0]!]!);
    const row = rows.find((entry) => entry.Name === 'Roundtrip')!;
    expect(row.Languages).toBe('en; es');
    expect(row['Certifications verified by staff']).toBe('soc2');
    expect(row['Last confirmed']).toBe('2026-11-20');

    const to = await start();
    const uploaded = await to.admin.upload(bytes);
    expect(uploaded.body).toMatchObject({ success: true, skipped: 0 });
    const store = to.server.running.context.store;
    const copy = await store.agents.findByIdentity('Roundtrip', agent.provider);
    // Confirming is the provider's act: a staff upload never does it for them.
    expect((await store.profiles.get(copy!.id))?.profile).toEqual({ ...stated, confirmed_at: null });
    // And a second round trip from there gives the same columns.
    const again = XLSX.read(await download(to.admin), { type: 'buffer' });
    const rowsAgain = XLSX.utils.sheet_to_json<Record<string, string>>(again.Sheets[again.SheetNames[0]!]!);
    expect({ ...rowsAgain.find((entry) => entry.Name === 'Roundtrip'), 'Last confirmed': '' }).toEqual({
      ...row,
      'Last confirmed': '',
    });
  });

  it('an old file of the spec columns alone imports unchanged, its agents without a profile', async () => {
    const { server, admin } = await start();
    const response = await admin.upload(
      workbook([[...SPREADSHEET_COLUMNS], specRow('Oldfile One'), specRow('Oldfile Two')]),
    );
    expect(response.body).toMatchObject({ success: true, added: 2, skipped: 0 });
    const store = server.running.context.store;
    const one = await store.agents.findByIdentity('Oldfile One', 'Sheet Labs');
    expect(await store.profiles.get(one!.id)).toBeNull();
  });

  it("a profile cell off the controlled lists skips its row with the form's message", async () => {
    const { server, admin } = await start();
    const header = [...SPREADSHEET_COLUMNS, ...PROFILE_COLUMNS];
    const deployment = header.indexOf('Deployment');
    const bad = [...specRow('Badfacts'), ...PROFILE_COLUMNS.map(() => '')];
    bad[deployment] = 'mainframe';
    const good = [...specRow('Goodfacts'), ...PROFILE_COLUMNS.map(() => '')];
    good[header.indexOf('Languages')] = 'English; fr';
    const response = await admin.upload(workbook([header, bad, good]));
    expect(response.body).toMatchObject({ success: true, added: 1, skipped: 1 });
    expect(response.body.skipped_agents).toEqual([
      { row: 2, name: 'Badfacts', reason: PROFILE_MESSAGES.notInList('Deployment', 'mainframe') },
    ]);
    const store = server.running.context.store;
    const goodAgent = await store.agents.findByIdentity('Goodfacts', 'Sheet Labs');
    expect((await store.profiles.get(goodAgent!.id))?.profile.languages).toEqual(['en', 'fr']);
  });
});
