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

// Provider names on result cards lead to the provider's page (issue 25), end to end in Chromium:
// a subscribed provider's agent, found from the home box and in its directory category at 1280
// and 360 px and in an employer's advanced search, names its provider as a link; following it opens the provider's page, whose own
// cards name the provider as text (a link to the page one is on leads nowhere). Nothing scrolls
// sideways and axe finds nothing serious on the screens touched.

describe('Provider links on result cards', () => {
  const app = setUpApp();

  const provider = { email: uniqueEmail('links'), fullName: 'Lena Ortiz', organization: 'Quillmark Labs' };
  const agentName = `Quillwright ${Date.now().toString(36)}`;

  // A subscribed provider's agent, claimed by its confirmed account (so it is theirs and listed).
  beforeAll(async () => {
    const server = app().server;
    await registerAgentByApi(server, {
      email: provider.email,
      name: agentName,
      provider: provider.organization,
      category: 'Customer Service',
      role: 'Customer Support Agent',
      cost: '$29/month',
    });
    const owner = await app().newPage();
    await createAccount(server, { ...provider, userType: 'agent_provider', subscribed: true }, owner.request);
    await owner.goto(await linkInMail(server, provider.email, 'claim_agent', '/verify-email'));
    await owner.getByText(`Your e-mail address ${provider.email} is confirmed.`).waitFor();
  });

  it("a search card and a directory card link the provider's name to its page", async () => {
    for (const width of [1280, 360]) {
      const page = await app().open(`/?query=${encodeURIComponent(agentName)}`, { width, bypassCSP: true });
      const card = page.locator('article.agent-card', { hasText: agentName });
      // The index follows the claim: wait for the card to name its provider as a link.
      const link = card.getByRole('link', { name: provider.organization, exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toMatch(/^\/providers\/quillmark-labs/);
      const { scrollWidth, clientWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotFromTop(page, `provider-links 01 search card ${width}`);

      await link.click();
      await page.getByRole('heading', { level: 1, name: provider.organization }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/providers\/quillmark-labs/);
      const own = page.locator('article.agent-card', { hasText: agentName });
      await own.waitFor();
      // On its own page the name is text.
      expect(await own.getByRole('link', { name: provider.organization, exact: true }).count()).toBe(0);
      expect(await own.locator('.agent-card__provider').textContent()).toContain(provider.organization);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotFromTop(page, `provider-links 02 provider page ${width}`);
    }

    const directory = await app().open(
      '/directory?category=Customer%20Service&role=Customer%20Support%20Agent',
      { width: 1280 },
    );
    const inCategory = directory.locator('article.agent-card', { hasText: agentName });
    await inCategory.waitFor();
    expect(
      await inCategory.getByRole('link', { name: provider.organization, exact: true }).getAttribute('href'),
    ).toMatch(/^\/providers\/quillmark-labs/);
    await screenshotFromTop(directory, 'provider-links 03 directory card 1280');
  });

  it("the employer's advanced search shows the same link, at both widths", async () => {
    const server = app().server;
    const employer = {
      email: uniqueEmail('links-employer'),
      fullName: 'Edda Lindqvist',
      organization: 'Harbourlight',
    };
    const searchPage = await app().newPage({ bypassCSP: true });
    await createAccount(server, { ...employer, userType: 'employer', subscribed: true }, searchPage.request);
    for (const width of [1280, 360]) {
      await searchPage.setViewportSize({ width, height: 800 });
      await searchPage.goto(`/employer/search?q=${encodeURIComponent(agentName)}`);
      const card = searchPage.locator('article.agent-card', { hasText: agentName });
      const link = card.getByRole('link', { name: provider.organization, exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toMatch(/^\/providers\/quillmark-labs/);
      const { scrollWidth, clientWidth } = await horizontalOverflow(searchPage);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(await seriousViolations(searchPage)).toEqual([]);
      await screenshotFromTop(searchPage, `provider-links 04 employer search ${width}`);
    }
  });
});
