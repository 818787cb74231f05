import {
  createAccount,
  linkInMail,
  registerAgentByApi,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { downloadedBytes } from './support/downloads';
import { setUpApp } from './support/e2e-app';

// Structured agent profiles (issue 28), end to end in Chromium: a subscribed provider states the
// facts of their agent from the dashboard (controlled lists, a suggested and a typed integration),
// a visitor reads them on the agent page with the certification marked as claimed by the provider,
// and the server-rendered page's JSON-LD carries the stated price, currency, tasks and languages.
// A subscribed employer then compares it with two demo agents that state nothing: the new facts
// side by side, the differing rows marked, the gaps reading "Not stated", and the CSV export.

describe('Structured agent profiles', () => {
  const app = setUpApp();

  it('a provider fills the profile on the dashboard; the agent page and its JSON-LD show it; an employer compares and exports it', async () => {
    const server = app().server;
    const provider = {
      email: uniqueEmail('facts'),
      fullName: 'Pia Marchetti',
      organization: 'Inkpond Analytics',
    };
    const agentName = `Ticketwise ${Date.now().toString(36)}`;
    await registerAgentByApi(server, {
      email: provider.email,
      name: agentName,
      provider: provider.organization,
      category: 'Customer Service',
      role: 'Customer Support Agent',
      cost: '$29/month',
    });
    const page = await app().newPage();
    await createAccount(server, { ...provider, userType: 'agent_provider', subscribed: true }, page.request);
    await page.goto(await linkInMail(server, provider.email, 'claim_agent', '/verify-email'));
    await page.getByText(`Your e-mail address ${provider.email} is confirmed.`).waitFor();

    await page.goto('/dashboard');
    await page.getByRole('button', { name: `Profile of ${agentName}` }).click();
    const form = page.getByRole('form', { name: 'Structured profile' });
    await form.getByLabel('Pricing model').selectOption({ label: 'Subscription' });
    await form.getByLabel('Starting price').fill('29');
    await form.getByLabel('Currency').selectOption('USD');
    await form.getByLabel('Billing period').selectOption({ label: 'per month' });
    await form.getByLabel('Free trial').selectOption({ label: 'Yes' });
    await form.getByLabel('Trial days').fill('14');
    await form.getByRole('group', { name: 'Deployment' }).getByLabel('Cloud').check();
    await form.getByRole('group', { name: 'Integrations' }).getByLabel('Slack').check();
    await form.getByLabel('Other integrations').fill('Acme CRM');
    const languages = form.getByRole('group', { name: 'Languages' });
    await languages.getByLabel('English').check();
    await languages.getByLabel('Spanish').check();
    await form.getByRole('group', { name: 'Certifications' }).getByLabel('SOC 2').check();
    await form.getByLabel('API', { exact: true }).selectOption({ label: 'Yes' });
    await form.getByLabel('Tasks').fill('Answer tickets\nDraft replies in Spanish');
    await screenshotFromTop(page, 'agent-facts-form');
    await form.getByRole('button', { name: 'Save and confirm profile' }).click();
    await page.getByText('Changes saved').waitFor();

    const own = (await (await page.request.get('/api/users/agents')).json()) as {
      agents: Array<{ id: string }>;
    };
    const agentId = own.agents[0]!.id;
    const visitor = await app().open(`/agents/${agentId}`);
    const facts = visitor.getByRole('region', { name: 'Facts from the provider' });
    await facts.waitFor();
    const fact = (label: string) =>
      facts.locator('div', { has: visitor.locator('dt', { hasText: label }) }).locator('dd');
    expect(await fact('Pricing').textContent()).toBe('From USD 29 per month (Subscription)');
    expect(await fact('Free trial').textContent()).toBe('Yes, 14 days');
    expect(await fact('Integrations').textContent()).toBe('Slack, Acme CRM');
    expect(await fact('Languages').textContent()).toBe('English, Spanish');
    expect(await fact('Certifications').textContent()).toBe('SOC 2 (claimed by the provider)');
    expect(await fact('MCP server').textContent()).toBe('Not stated');
    expect(await fact('Last confirmed by the provider').textContent()).toBe(
      new Date().toISOString().slice(0, 10),
    );
    await screenshotFromTop(visitor, 'agent-facts-page');

    const html = await (await visitor.request.get(`/agents/${agentId}`)).text();
    const jsonLd = JSON.parse(
      html.match(/<script type="application\/ld\+json" id="structured-data">(.*?)<\/script>/s)![1]!,
    );
    expect(jsonLd).toMatchObject({
      offers: { price: '29', priceCurrency: 'USD' },
      featureList: ['Answer tickets', 'Draft replies in Spanish'],
      inLanguage: ['en', 'es'],
    });

    // An employer compares it with two demo agents whose providers stated nothing.
    const demo = (await (await visitor.request.get('/api/agents?limit=2')).json()) as Array<{ id: string }>;
    const employer = await app().newPage();
    await createAccount(
      server,
      { email: uniqueEmail('comparer'), userType: 'employer', subscribed: true },
      employer.request,
    );
    await employer.goto(`/compare?ids=${[agentId, demo[0]!.id, demo[1]!.id].join(',')}`);
    const table = employer.locator('table.comparison');
    await table.waitFor();
    const rowOf = (label: string) =>
      table.locator('tbody tr', { has: employer.locator('th', { hasText: label }) });
    const cells = (label: string) => rowOf(label).first().locator('td').allTextContents();
    expect(await cells('Integrations')).toEqual(['Slack, Acme CRM', 'Not stated', 'Not stated']);
    expect(await cells('Certifications')).toEqual([
      'SOC 2 (claimed by the provider)',
      'Not stated',
      'Not stated',
    ]);
    expect(await rowOf('Languages').first().locator('th').textContent()).toBe('Languages differs');
    expect(await rowOf('MCP server').first().locator('th').textContent()).toBe('MCP server');
    expect(await rowOf('Integrations').first().locator('td.comparison__gap').count()).toBe(2);
    await screenshotFromTop(employer, 'agent-facts-compare');

    const [file] = await Promise.all([
      employer.waitForEvent('download'),
      employer.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('agentry-comparison.csv');
    const csv = (await downloadedBytes(file)).toString('utf8').split('\r\n');
    expect(csv[0]).toBe(
      `Fact,${agentName},${await table.locator('thead th').nth(1).locator('a').textContent()},${await table.locator('thead th').nth(2).locator('a').textContent()},Differs`,
    );
    expect(csv).toContain('Integrations,"Slack, Acme CRM",Not stated,Not stated,yes');
    expect(csv).toContain('MCP server,Not stated,Not stated,Not stated,no');
  });
});
