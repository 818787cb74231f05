import { agentInput } from '@agentry/platform/store/contract';
import type { Page } from 'playwright-core';
import { horizontalOverflow, screenshotFromTop } from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';
import { card, cardNames, searchFor } from './support/page-helpers';

// Issue 25's navigation walks at a desktop and a phone width, each ending where a person expects:
// Directory → Finance → Bookkeeper → Back → Back, a role chip and Back to the same results, an agent
// page's provider name to the provider's page, and an unknown address to a real 404 and on home.
// On every screen of the walks axe finds nothing serious or critical and nothing scrolls sideways
// (directory.e2e, role-view.e2e and routing.e2e walk them at 1280 px without either check).

const PROVIDER = 'Brindle Ledger Co';
const PROVIDER_AGENT = 'Brindlebook';

async function expectClean(page: Page, screen: string): Promise<void> {
  await screenshotFromTop(page, screen);
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect({ screen, scrollWidth }).toEqual({ screen, scrollWidth: clientWidth });
  expect((await seriousViolations(page)).map((violation) => `${screen}: ${violation.id}`)).toEqual([]);
}

describe('Navigation walks', () => {
  const app = setUpApp();
  let providerAgentId = '';

  beforeAll(async () => {
    // A subscribed provider with a page, owning one listed agent.
    const { store } = app().server.context;
    const owner = await store.users.create({
      email: 'brindle@example.com',
      full_name: 'Bea Brindle',
      organization: PROVIDER,
      user_type: 'agent_provider',
      password_hash: 'scrypt$x',
      slug: 'brindle-ledger',
      subscription_status: 'active',
    });
    await store.agents.importMany([
      agentInput({
        name: PROVIDER_AGENT,
        provider: PROVIDER,
        category: 'Finance',
        role: 'Bookkeeper',
        owner_id: owner.id,
      }),
    ]);
    providerAgentId = (await store.agents.list()).find((agent) => agent.name === PROVIDER_AGENT)!.id;
  });

  describe.each([1280, 360])('at %i px', (width) => {
    const open = (path: string) =>
      app().open(path, { width, height: width === 360 ? 740 : 800, bypassCSP: true });
    const shot = (name: string) => `walks ${width}px ${name}`;

    it('goes Directory → Finance → Bookkeeper → Back to Finance, and Back again to the directory', async () => {
      const page = await open('/directory');
      await page.getByRole('heading', { level: 2, name: 'Browse by category' }).waitFor();
      await expectClean(page, shot('01 directory'));
      await page.getByRole('link', { name: /^Finance\s*\d+ agents$/ }).click();
      await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
      await page.locator('article.agent-card').first().waitFor();
      await expectClean(page, shot('02 category'));
      await page
        .getByRole('navigation', { name: 'Roles in Finance' })
        .getByRole('link', { name: /^Bookkeeper/ })
        .click();
      await page.getByRole('heading', { level: 2, name: 'Bookkeeper agents in Finance' }).waitFor();
      await page.locator('article.agent-card').first().waitFor();
      await expectClean(page, shot('03 role'));
      await page.goBack();
      await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
      expect(page.url()).toBe(`${app().server.url}/directory?category=Finance`);
      await page.goBack();
      await page.getByRole('heading', { level: 2, name: 'Browse by category' }).waitFor();
      expect(page.url()).toBe(`${app().server.url}/directory`);
    });

    it('opens a role view from a card and goes Back to the same results', async () => {
      const page = await open('/');
      await searchFor(page, 'answer customer emails in Spanish');
      const before = await cardNames(page);
      await card(page, 'ReplyRanch').locator('button.role-chip').click();
      await page
        .getByRole('heading', {
          level: 2,
          name: 'Customer Support Agent agents in the Customer Service category',
        })
        .waitFor();
      await page.locator('.role-view article.agent-card').first().waitFor();
      expect(new URL(page.url()).searchParams.get('role')).toBe('Customer Support Agent');
      await expectClean(page, shot('04 role view'));
      await page.goBack();
      await page.locator('.search-results .results-summary').filter({ hasText: /match/ }).waitFor();
      expect(await cardNames(page)).toEqual(before);
      expect(new URL(page.url()).searchParams.get('role')).toBeNull();
    });

    it("goes from an agent page's provider name to the provider's page", async () => {
      const page = await open(`/agents/${providerAgentId}`);
      await page.getByRole('heading', { level: 1, name: PROVIDER_AGENT }).waitFor();
      const link = page
        .locator('article.agent-profile')
        .getByRole('link', { name: PROVIDER, exact: true })
        .first();
      expect(await link.getAttribute('href')).toBe('/providers/brindle-ledger');
      await expectClean(page, shot('05 agent page'));
      await link.click();
      await page.getByRole('heading', { level: 1, name: PROVIDER }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/providers/brindle-ledger');
      await page.locator('article.agent-card', { hasText: PROVIDER_AGENT }).waitFor();
      await expectClean(page, shot('06 provider page'));
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: PROVIDER_AGENT }).waitFor();
    });

    it('answers an unknown address with a 404 page that leads home', async () => {
      const page = await app().newPage({ width, height: width === 360 ? 740 : 800, bypassCSP: true });
      const response = await page.goto('/agents/999999');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Agent not found' }).waitFor();
      await expectClean(page, shot('07 unknown agent'));
      expect((await page.goto('/no/such/page'))?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Search agents' }).click();
      await page.getByRole('heading', { level: 1, name: 'Describe the job. Find the agent.' }).waitFor();
    });
  });
});
