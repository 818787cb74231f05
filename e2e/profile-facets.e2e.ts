import type { Page } from 'playwright-core';
import {
  apiSend,
  createAccount,
  horizontalOverflow,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { setUpApp } from './support/e2e-app';

// The facts of agent profiles as the employer search's facets (issue 28), end to end in Chromium: a
// provider states the profiles of three agents (through the API the dashboard's form calls), the
// indexer follows the saves, and a subscribed employer filters by an integration and a language
// and gets the one agent stating both, then narrows by the starting price per month; the state is
// in the address; the panels read at 1280 and at 360 px. The comparison of the three prints as a
// clean table with its differences still marked.

describe('Searching on the facts of agent profiles', () => {
  const app = setUpApp();

  /** The advanced search's answer shown: the count line and the names of the cards, once they agree. */
  async function shown(page: Page, count: string, names: string[]) {
    await page.waitForFunction(
      ({ count, names }) => {
        const summary = document.querySelector('.employer-search__results .results-summary');
        const cards = [...document.querySelectorAll('li.employer-hit article.agent-card h3')].map(
          (heading) => heading.textContent ?? '',
        );
        return summary?.textContent === count && JSON.stringify(cards.sort()) === JSON.stringify(names);
      },
      { count, names: [...names].sort() },
      { timeout: 10_000 },
    );
  }

  const option = (page: Page, facet: string, value: string) =>
    page
      .getByRole('group', { name: facet, exact: true })
      .getByRole('checkbox', { name: new RegExp(`^${value}\\s*\\d+$`) });

  it('an employer filters by an integration and a language and gets the agents stating both; it prints the comparison', async () => {
    const server = app().server;
    const stamp = Date.now().toString(36);
    const providerPage = await app().newPage();
    const { userId } = await createAccount(
      server,
      { email: uniqueEmail('facets'), organization: 'Harbour Desk', subscribed: true },
      providerPage.request,
    );
    const listed = (name: string) =>
      server.context.store.agents.create({
        name,
        provider: 'Harbour Desk',
        category: 'Customer Service',
        role: 'Customer Support Agent',
        description: `${name} answers customer e-mails from your help desk.`,
        cost: 'Contact sales',
        address: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
        email: null,
        owner_id: userId,
      });
    const desk = await listed(`Deskwise ${stamp}`);
    const ops = await listed(`Opsling ${stamp}`);
    const crm = await listed(`Crmly ${stamp}`);
    const save = (id: string, profile: object) =>
      apiSend(providerPage.request, 'PUT', `/api/users/agents/${id}/profile`, profile);
    // 240 a year: 20 a month.
    await save(desk.id, {
      integrations: 'Slack, Zendesk',
      languages: ['en', 'es'],
      free_trial: true,
      starting_price: '240',
      currency: 'USD',
      billing_period: 'year',
      certifications: ['soc2'],
    });
    await save(ops.id, {
      integrations: ['Slack'],
      languages: ['de'],
      deployment: ['self_hosted'],
      starting_price: '50',
      currency: 'USD',
      billing_period: 'month',
    });
    await save(crm.id, {
      integrations: ['HubSpot'],
      languages: ['es'],
      starting_price: '10',
      currency: 'EUR',
      billing_period: 'month',
    });

    const page = await app().newPage();
    await createAccount(
      server,
      { email: uniqueEmail('finder'), userType: 'employer', subscribed: true },
      page.request,
    );
    await page.goto('/employer/search');
    await page.getByRole('heading', { level: 1, name: 'Advanced search' }).waitFor();
    const profileGroup = page.locator('details.facet-group');
    expect(await profileGroup.getAttribute('open')).not.toBeNull();
    // Counted over the agents that state the fact (the demo catalog states none).
    const slack = option(page, 'Integration', 'Slack');
    await slack.waitFor();
    expect(
      await page.getByRole('group', { name: 'Integration', exact: true }).getByRole('checkbox').count(),
    ).toBe(3);
    expect(
      await page
        .getByRole('group', { name: 'Integration', exact: true })
        .locator('.ais-RefinementList-count')
        .allTextContents(),
    ).toEqual(['2', '1', '1']);

    await slack.check();
    await page.waitForURL('**/employer/search?integrations=Slack');
    await shown(page, '2 agents match', [desk.name, ops.name]);
    await option(page, 'Language', 'Spanish').check();
    await page.waitForURL('**/employer/search?integrations=Slack&languages=es');
    await shown(page, '1 agent matches', [desk.name]);
    await page.getByRole('button', { name: 'Remove Integration: Slack' }).waitFor();
    await page.getByRole('button', { name: 'Remove Language: Spanish' }).waitFor();
    await screenshotFromTop(page, 'profile-facets-1280');

    // The starting price per month: Slack or HubSpot, Spanish, at most 20 a month (CRMly's 10 EUR
    // is about 10.80 US dollars, Deskwise's 240 a year is 20).
    await option(page, 'Integration', 'HubSpot').check();
    await shown(page, '2 agents match', [desk.name, crm.name]);
    const range = page.getByRole('group', { name: 'Starting price per month (USD)' });
    await range.getByLabel('To').fill('15');
    await range.getByRole('button', { name: /Apply/ }).click();
    await page.waitForURL(
      '**/employer/search?integrations=Slack&integrations=HubSpot&languages=es&from_max=15',
    );
    await shown(page, '1 agent matches', [crm.name]);

    // At 360 px the filters start folded behind one button (4cf5cef), the profile group folded
    // inside them: both opened, it fits the width.
    const phone = await app().newPage({ width: 360, height: 780 });
    await createAccount(
      server,
      { email: uniqueEmail('phone'), userType: 'employer', subscribed: true },
      phone.request,
    );
    await phone.goto('/employer/search?integrations=Slack&languages=es');
    await shown(phone, '1 agent matches', [desk.name]);
    const filters = phone.getByRole('button', { name: 'Filters (2 active)' });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await filters.click();
    const folded = phone.locator('details.facet-group');
    expect(await folded.getAttribute('open')).toBeNull();
    await folded.locator('summary').click();
    await option(phone, 'Integration', 'Slack').waitFor();
    expect(await option(phone, 'Integration', 'Slack').isChecked()).toBe(true);
    const overflow = await horizontalOverflow(phone);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    await screenshotFromTop(phone, 'profile-facets-360');

    // The comparison of the three, printed: no navigation, no buttons, the differences marked.
    await page.goto(`/compare?ids=${[desk.id, ops.id, crm.id].join(',')}`);
    const table = page.locator('table.comparison');
    await table.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await table.getByRole('button').first().isVisible()).toBe(false);
    const differs = table.locator('tr.comparison__row--differs', { hasText: 'Integrations' }).locator('th');
    expect(await differs.textContent()).toBe('Integrations differs');
    const marks = await differs.evaluate((cell) => {
      const style = getComputedStyle(cell);
      const label = getComputedStyle(cell.querySelector('.comparison__differs')!);
      return { rule: style.borderLeftStyle, width: style.borderLeftWidth, label: label.borderTopStyle };
    });
    expect(marks).toEqual({ rule: 'solid', width: '4px', label: 'solid' });
    await screenshotFromTop(page, 'profile-facets-compare-print');
    await page.emulateMedia({ media: 'screen' });
  });
});
