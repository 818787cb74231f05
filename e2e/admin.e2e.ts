import * as XLSX from 'xlsx';
import { ADMIN, ADMIN_ENV, createAccount, screenshotFromTop, uniqueEmail } from './support/accounts';
import {
  AGENT,
  count,
  EDITED,
  eventually,
  filterAuditLog,
  msUntil,
  SEARCH_LIMIT_MS,
  SEEDED_AGENTS,
  searchedId,
  searchedNames,
  settledOverflow,
  tableRows,
  timing,
  UPLOAD_GOOD,
  UPLOAD_NAME,
  UPLOAD_ROWS,
  uploadFile,
  workbook,
} from './support/admin-dashboard';
import { downloadedBytes } from './support/downloads';
import { setUpApp } from './support/e2e-app';

// The staff area (/admin): its own login, then one admin's working session on the dashboard: an
// agent added, found by public search, edited, deleted (gone from search and its page) and
// restored; a spreadsheet with good and bad rows uploaded; all agents downloaded and uploaded back
// (nothing added twice); a subscriber activated; the search index rebuilt; and every one of those
// changes read back from the audit log. Who may reach the staff area: admin-access.e2e.ts.

const DUPLICATE_REASON = 'Already listed (same name and provider)';
describe('Admin area', () => {
  const app = setUpApp({ env: ADMIN_ENV });

  it('lets an admin add, edit, remove and restore an agent, upload and download spreadsheets, activate a subscriber, reindex and read it all in the audit log', async () => {
    // A provider without a subscription, for the subscribers panel.
    const subscriberName = 'Odile Brackenridge';
    const subscriberEmail = uniqueEmail('subscriber');
    await createAccount(app().server, { email: subscriberEmail, fullName: subscriberName });

    // 1. The login: a wrong password first, then the right one.
    const page = await app().open('/admin?section=all');
    await page.getByRole('heading', { level: 1, name: 'Admin login' }).waitFor();
    const login = page.getByRole('form', { name: 'Admin login' });
    await login.getByLabel('Username').fill(ADMIN.username);
    await login.getByLabel('Password').fill('not the staff password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(await login.getByRole('alert').textContent()).toBe('Invalid credentials');
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor();
    await page.getByText(`Signed in as ${ADMIN.username}`).waitFor();
    // Every section at once here (?section=all); each has its own address too, and the header knows staff.
    const sections = page.getByRole('navigation', { name: 'Staff area sections' });
    expect(await sections.getByRole('link', { name: 'All sections' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await sections.getByRole('link', { name: 'Subscribers' }).getAttribute('href')).toBe(
      '/admin?section=subscribers',
    );
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Staff area/ })
      .waitFor();
    await count(page, 'Total agents').waitFor();
    expect(await count(page, 'Total agents').textContent()).toBe(String(SEEDED_AGENTS));
    expect(await count(page, 'Active agents').textContent()).toBe(String(SEEDED_AGENTS));
    // On a phone the dashboard never scrolls sideways (its hidden chart tables once did).
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 800 });
    const phone = await settledOverflow(page);
    expect(phone.scrollWidth).toBeLessThanOrEqual(phone.clientWidth);
    await page.setViewportSize(desktop);
    const overview = page.getByRole('region', { name: 'Overview' });
    expect(await overview.getByRole('link', { name: 'View Directory' }).getAttribute('href')).toBe(
      '/directory',
    );

    // 2. Add New Agent.
    const form = page.getByRole('form', { name: 'Add New Agent' });
    await form.getByLabel('Name', { exact: true }).fill(AGENT.name);
    await form.getByLabel('Email (optional)').fill(AGENT.email);
    await form.getByLabel('Provider', { exact: true }).fill(AGENT.provider);
    await form.getByLabel('Category', { exact: true }).fill(AGENT.category);
    await form.getByLabel('Role', { exact: true }).fill(AGENT.role);
    await form.getByLabel('Description', { exact: true }).fill(AGENT.description);
    await form.getByLabel('Cost', { exact: true }).fill(AGENT.cost);
    await form.getByLabel('Address', { exact: true }).fill(AGENT.address);
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/admin/agents'),
    );
    await form.getByRole('button', { name: 'Add Agent' }).click();
    expect((await created).status()).toBe(201);
    const addedAt = Date.now();
    await form
      .getByRole('status')
      .filter({ hasText: `${AGENT.name} was added.` })
      .waitFor();
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    // Public search finds it.
    const foundAfter = await msUntil(
      async () => (await searchedNames(page, AGENT.name)).includes(AGENT.name),
      addedAt,
      SEARCH_LIMIT_MS,
    );
    timing('found by public search', foundAfter);
    const id = await searchedId(page, AGENT.name);

    // It is in Manage Agents, under its category and role.
    const manage = page.getByRole('region', { name: 'Manage Agents' });
    // The list shows the first 100 agents: the category filter narrows it to the agent's (6 seeded).
    await manage.getByLabel('Category').selectOption(AGENT.category);
    await manage.getByRole('status').filter({ hasText: 'Showing 7 of 7 agents' }).waitFor();
    const group = manage.getByRole('region', { name: AGENT.category, exact: true });
    const row = group
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `Edit ${AGENT.name}` }) });
    await row.waitFor();
    expect(await manage.getByRole('region').count()).toBe(1);
    expect(await row.locator('xpath=ancestor::div[contains(@class,"admin-role")]/h4').textContent()).toBe(
      AGENT.role,
    );
    const rowText = (await row.textContent()) ?? '';
    for (const shown of [`by ${AGENT.provider}`, AGENT.cost, AGENT.email, `https://${AGENT.address}`]) {
      expect(rowText).toContain(shown);
    }
    // No status set, none shown (issue 25: every row said "Status: none").
    expect(rowText).not.toContain('Status:');
    await count(page, 'Total agents')
      .filter({ hasText: String(SEEDED_AGENTS + 1) })
      .waitFor();

    // Its public page opens, for a visitor.
    const visitor = await app().newPage();
    const opened = await visitor.goto(`/agents/${id}`);
    expect(opened?.status()).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: AGENT.name }).waitFor();
    expect(await visitor.locator('article.agent-profile').textContent()).toContain(AGENT.description);

    // 3. The Edit Agent modal: a new cost and a status.
    await row.getByRole('button', { name: `Edit ${AGENT.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Agent' });
    await dialog.waitFor();
    const editor = dialog.getByRole('form', { name: `Edit ${AGENT.name}` });
    expect(await editor.getByLabel('Cost', { exact: true }).inputValue()).toBe(AGENT.cost);
    expect(await editor.getByLabel('Email (optional)').inputValue()).toBe(AGENT.email);
    await editor.getByLabel('Cost', { exact: true }).fill(EDITED.cost);
    await editor.getByLabel('Status (optional)').fill(EDITED.status);
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(`Status: ${EDITED.status}`).waitFor();
    expect(await row.textContent()).toContain(EDITED.cost);
    expect(await row.textContent()).not.toContain(AGENT.cost);
    // The focus went back to the Edit button that opened the modal.
    expect(
      await row
        .getByRole('button', { name: `Edit ${AGENT.name}` })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: AGENT.name }).waitFor();
    expect(await visitor.locator('article.agent-profile').textContent()).toContain(EDITED.cost);

    // 4. Delete, once confirmed: the button reads Restore, a Removed badge shows; search and the public page drop it.
    const removed = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && response.url().endsWith(`/api/admin/agents/${id}`),
    );
    await row.getByRole('button', { name: `Delete ${AGENT.name}` }).click();
    // Asked first (issue 25), then done with a note and an Undo.
    await page
      .getByRole('alertdialog', { name: `Delete ${AGENT.name}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    expect((await removed).status()).toBe(200);
    await row.getByText(`${AGENT.name} was deleted`).waitFor();
    const removedAt = Date.now();
    await row.getByRole('button', { name: `Restore ${AGENT.name}` }).waitFor();
    expect(await row.getByText('Removed', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: `Delete ${AGENT.name}` }).count()).toBe(0);
    const goneAfter = await msUntil(
      async () => !(await searchedNames(page, AGENT.name)).includes(AGENT.name),
      removedAt,
      SEARCH_LIMIT_MS,
    );
    timing('gone from public search', goneAfter);
    const gone = await visitor.goto(`/agents/${id}`);
    expect(gone?.status()).toBe(404);
    await visitor.getByRole('heading', { level: 1, name: 'Agent not found' }).waitFor();
    expect((await visitor.request.get(`/api/agents/${id}`)).status()).toBe(404);
    await count(page, 'Removed agents').filter({ hasText: '1' }).waitFor();
    expect(await count(page, 'Active agents').textContent()).toBe(String(SEEDED_AGENTS));

    // Restore: found again, the badge gone.
    const restored = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith(`/api/admin/agents/${id}/restore`),
    );
    await row.getByRole('button', { name: `Restore ${AGENT.name}` }).click();
    expect((await restored).status()).toBe(200);
    const restoredAt = Date.now();
    await row.getByRole('button', { name: `Delete ${AGENT.name}` }).waitFor();
    expect(await row.getByText('Removed', { exact: true }).count()).toBe(0);
    const backAfter = await msUntil(
      async () => (await searchedNames(page, AGENT.name)).includes(AGENT.name),
      restoredAt,
      SEARCH_LIMIT_MS,
    );
    timing('back in public search', backAfter);
    await visitor.goto(`/agents/${id}`);
    await visitor.getByRole('heading', { level: 1, name: AGENT.name }).waitFor();
    await count(page, 'Removed agents').filter({ hasText: '0' }).waitFor();
    if (process.env.E2E_TIMINGS) {
      console.log(
        `search: found ${foundAfter} ms after the add, gone ${goneAfter} ms after the delete, back ${backAfter} ms after the restore`,
      );
    }

    // 5. An upload with three good rows, one without a cost and one with a bad address.
    await manage.getByLabel('Category').selectOption('');
    const upload = await uploadFile(page, UPLOAD_NAME, workbook(UPLOAD_ROWS));
    expect(await upload.getByRole('status').textContent()).toBe(`${UPLOAD_NAME}: added 3, skipped 2.`);
    const skipped = upload.getByRole('table', { name: 'Skipped rows' });
    expect(await tableRows(skipped)).toEqual([
      ['3', 'Costless Carl', 'Cost is required'],
      ['5', 'Badlink Bob', 'Invalid URL format'],
    ]);
    await count(page, 'Total agents')
      .filter({ hasText: String(SEEDED_AGENTS + 4) })
      .waitFor();
    for (const name of UPLOAD_GOOD) {
      await msUntil(
        async () => (await searchedNames(page, name)).includes(name),
        Date.now(),
        SEARCH_LIMIT_MS,
      );
    }
    expect(await searchedNames(page, 'Costless Carl')).not.toContain('Costless Carl');
    await screenshotFromTop(page, 'admin 01 upload report');

    // 6. Download All Agents, then upload the same file back: nothing is added twice.
    const total = SEEDED_AGENTS + 4;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      overview.getByRole('button', { name: 'Download All Agents' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ai_agents.xlsx');
    const downloaded = await downloadedBytes(download);
    const book = XLSX.read(downloaded, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const header = (XLSX.utils.sheet_to_json(sheet, { header: 1 }) as string[][])[0];
    expect(header).toEqual(
      expect.arrayContaining(['Name', 'Provider', 'Category', 'Role', 'Description', 'Cost', 'Address']),
    );
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet);
    expect(rows).toHaveLength(total);
    expect(rows.find((agent) => agent.Name === AGENT.name)).toEqual(
      expect.objectContaining({
        Provider: AGENT.provider,
        Cost: EDITED.cost,
        Address: `https://${AGENT.address}`,
      }),
    );
    expect(rows.map((agent) => agent.Name)).toEqual(expect.arrayContaining(UPLOAD_GOOD));

    const statsRefreshed = page.waitForResponse((response) => response.url().includes('/api/admin/stats'));
    const again = await uploadFile(page, 'ai_agents.xlsx', downloaded);
    expect(await again.getByRole('status').textContent()).toBe(`ai_agents.xlsx: added 0, skipped ${total}.`);
    const duplicates = await tableRows(again.getByRole('table', { name: 'Skipped rows' }));
    expect(duplicates).toHaveLength(total);
    expect(duplicates.filter(([, , reason]) => reason !== DUPLICATE_REASON)).toEqual([]);
    await statsRefreshed;
    expect(await count(page, 'Total agents').textContent()).toBe(String(total));
    const stats = (await (await page.request.get('/api/admin/stats')).json()) as {
      agents: { total: number };
    };
    expect(stats.agents.total).toBe(total);
    expect((await searchedNames(page, AGENT.name)).filter((name) => name === AGENT.name)).toHaveLength(1);

    // 7. Subscribers: activate the provider; the button then offers Deactivate.
    const subscribers = page.getByRole('region', { name: /^Subscribers/ });
    const activeBefore = Number(await count(page, 'Active subscriptions').textContent());
    await subscribers.getByRole('button', { name: 'Show Subscribers' }).click();
    const subscriber = subscribers.getByRole('listitem').filter({ hasText: subscriberEmail });
    await subscriber.waitFor();
    expect(await subscriber.locator('.status-badge').textContent()).toBe('inactive');
    await subscriber.getByRole('button', { name: `Activate ${subscriberName}`, exact: true }).click();
    await subscriber.getByRole('button', { name: `Deactivate ${subscriberName}` }).waitFor();
    expect(
      await subscriber.getByRole('button', { name: `Activate ${subscriberName}`, exact: true }).count(),
    ).toBe(0);
    expect(await subscriber.locator('.status-badge').textContent()).toBe('active');
    await count(page, 'Active subscriptions')
      .filter({ hasText: String(activeBefore + 1) })
      .waitFor();
    await subscribers.getByRole('button', { name: 'Hide Subscribers' }).click();
    expect(await subscriber.isVisible()).toBe(false);

    // 8. Reindex: progress while it runs, then how it ended.
    const reindex = page.getByRole('region', { name: 'Search index' });
    await reindex.getByRole('button', { name: 'Reindex', exact: true }).click();
    await reindex.getByRole('progressbar').waitFor();
    expect(await reindex.getByRole('button', { name: 'Reindexing...' }).isVisible()).toBe(true);
    await reindex
      .getByRole('status')
      .filter({ hasText: /^The last reindex finished/ })
      .waitFor({ timeout: 30_000 });
    expect(await reindex.getByRole('status').textContent()).toMatch(
      new RegExp(`: ${total} documents indexed \\(started by ${ADMIN.username}\\)\\.$`),
    );
    expect(await reindex.getByRole('progressbar').count()).toBe(0);
    expect(
      await reindex.getByRole('button', { name: 'Reindex', exact: true }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect((await searchedNames(page, AGENT.name)).filter((name) => name === AGENT.name)).toHaveLength(1);

    // 9. The audit log: every change above, by this admin; the filters narrow it.
    const audit = page.getByRole('region', { name: 'Audit log' });
    const entries = audit.getByRole('table', { name: 'Audit log entries' });
    const filters = audit.getByRole('form', { name: 'Filter the audit log' });
    // [who, action, what] of each entry, newest first.
    const logged = async () => (await tableRows(entries)).map(([, who, action, what]) => [who, action, what]);
    const by = (action: string, what: string) => [ADMIN.username, action, what];
    const entry = {
      reindex: by('reindex', 'reindex Reindex (embedded)'),
      subscription: by('subscription status', `subscriber ${subscriberEmail}`),
      uploadBack: by('upload', 'upload ai_agents.xlsx'),
      upload: by('upload', `upload ${UPLOAD_NAME}`),
      restore: by('restore', `agent ${AGENT.name}`),
      delete: by('delete', `agent ${AGENT.name}`),
      update: by('update', `agent ${AGENT.name}`),
      create: by('create', `agent ${AGENT.name}`),
    };
    // The reindex ended after the log last reloaded: applying a filter reads it again.
    await filters.getByLabel('Actor').fill(ADMIN.username);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(logged, Object.values(entry));
    const changesOf = async (index: number) => (await tableRows(entries))[index]?.[4] ?? '';
    const updateChanges = await changesOf(6);
    expect(updateChanges).toContain(`cost: ${AGENT.cost}`);
    expect(updateChanges).toContain(EDITED.cost);
    expect(updateChanges).toContain('status: (empty)');
    expect(updateChanges).toContain(EDITED.status);
    expect(await changesOf(3)).toBe('added: 3; skipped: 2');
    expect(await changesOf(2)).toBe(`added: 0; skipped: ${total}`);

    const filterBy = (action: string, entityType = 'All') => filterAuditLog(filters, action, entityType);
    await filterBy('delete');
    await eventually(logged, [entry.delete]);
    await filterBy('reindex');
    await eventually(logged, [entry.reindex]);
    await filterBy('subscription status');
    await eventually(logged, [entry.subscription]);
    await filterBy('All', 'upload');
    await eventually(logged, [entry.uploadBack, entry.upload]);

    // With the log full, every section at once still fits a phone: the audit table scrolls in its
    // own box, and the hidden labels inside it stay there (issue 25: they widened the page by 66 px).
    await filterBy('All');
    await eventually(logged, Object.values(entry));
    await page.setViewportSize({ width: 360, height: 800 });
    const full = await settledOverflow(page);
    expect(full.scrollWidth).toBeLessThanOrEqual(full.clientWidth);
    await page.setViewportSize(desktop);

    await filterBy('All');
    await filters.getByLabel('Actor').fill('somebody-else');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await audit.getByText('No entries match.').waitFor();
  }, 180_000);
});
