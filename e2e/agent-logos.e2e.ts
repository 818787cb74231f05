import { solidPng } from '@agentry/platform/outbound/testing/pictures';
import type { Page } from 'playwright-core';
import {
  createAccount,
  horizontalOverflow,
  linkInMail,
  registerAgentByApi,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';
import { SEARCH_BOX } from './support/page-helpers';

// Agent logos (issue 25), end to end in Chromium: a subscribed provider uploads a logo from the
// edit form on the dashboard (an SVG is refused with a message before anything is sent); the
// picture, served by us, shows on the agent page (named) and on its search card; an agent without a
// logo shows its initials, never a broken image; nothing scrolls sideways at 360 px and axe finds
// nothing serious on the screens touched.

/** Whether every <img> of the page has loaded a picture (a broken one has no natural width). */
const brokenImages = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('img')]
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => img.src),
  );

describe('Agent logos', () => {
  const app = setUpApp();

  it('a provider uploads a logo; the agent page and its card show it from our own address', async () => {
    const server = app().server;
    const provider = { email: uniqueEmail('logo'), fullName: 'Lena Ortiz', organization: 'Ortiz Labs' };
    const agentName = `Logowick ${Date.now().toString(36)}`;
    await registerAgentByApi(server, {
      email: provider.email,
      name: agentName,
      provider: provider.organization,
      category: 'Customer Service',
      role: 'Customer Support Agent',
      cost: '$29/month',
    });
    const page = await app().newPage({ bypassCSP: true });
    await createAccount(server, { ...provider, userType: 'agent_provider', subscribed: true }, page.request);
    await page.goto(await linkInMail(server, provider.email, 'claim_agent', '/verify-email'));
    await page.getByText(`Your e-mail address ${provider.email} is confirmed.`).waitFor();

    await page.goto('/dashboard');
    await page.getByRole('button', { name: `Edit ${agentName}` }).click();
    const preview = page.getByRole('img', { name: `Logo of ${agentName}` });
    // No logo yet: the initials stand in.
    expect(await preview.textContent()).toMatch(/^L\S$/);
    const input = page.getByLabel('Logo', { exact: true });
    await input.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.getByRole('alert').filter({ hasText: 'SVG is not accepted' }).waitFor();
    await input.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 64, [200, 40, 40]),
    });
    await page.getByText('Logo saved.').waitFor();
    const src = await preview.getAttribute('src');
    expect(src).toMatch(/^\/api\/logos\/[0-9a-f]{64}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotFromTop(page, 'logos 01 dashboard upload');

    const own = (await (await page.request.get('/api/users/agents')).json()) as {
      agents: Array<{ id: string }>;
    };
    const agentId = own.agents[0]!.id;
    for (const width of [1280, 360]) {
      const visitor = await app().open(`/agents/${agentId}`, { width, bypassCSP: true });
      const logo = visitor.getByRole('img', { name: `Logo of ${agentName}` });
      expect(await logo.getAttribute('src')).toBe(src);
      await visitor.waitForFunction(
        (name) =>
          (document.querySelector(`img[alt="Logo of ${name}"]`) as HTMLImageElement | null)?.naturalWidth ===
          64,
        agentName,
      );
      const { scrollWidth, clientWidth } = await horizontalOverflow(visitor);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(await seriousViolations(visitor)).toEqual([]);
      await screenshotFromTop(visitor, `logos 02 agent page ${width}`);
    }

    // Its search card carries the logo once the index has read it; the demo agents beside it, their initials.
    const home = await app().open('/', { width: 360 });
    await home.locator(SEARCH_BOX).fill(agentName);
    await home.locator(SEARCH_BOX).press('Enter');
    const card = home.locator('article.agent-card', { hasText: agentName });
    await card.locator(`img[src="${src}"]`).waitFor();
    expect(await brokenImages(home)).toEqual([]);
    await screenshotFromTop(home, 'logos 03 search card 360');
  });

  it('an agent without a logo shows its initials on cards and its page, never a broken image', async () => {
    for (const width of [1280, 360]) {
      const page = await app().open('/?query=bookkeeping', { width, bypassCSP: true });
      const first = page.locator('article.agent-card').first();
      await first.waitFor();
      expect(await first.locator('.agent-logo--initials').textContent()).toMatch(/^\S{1,2}$/);
      expect(await brokenImages(page)).toEqual([]);
      const { scrollWidth, clientWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
