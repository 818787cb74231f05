import type { Showcase } from '@agentry/domain/contract/showcase';
import type { PublicSignals } from '@agentry/domain/contract/signals';
import { SIGNALS } from '@agentry/domain/public-signals';
import { type APIRequestContext, type Page, request } from 'playwright-core';
import {
  apiSend,
  createAccount,
  horizontalOverflow,
  linkInMail,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';
import { card, cards, SEARCH_BOX } from './support/page-helpers';

// The home page as a storefront (issue 25), walked at a desktop and a phone width: example jobs one
// click away, the categories with their counts and the newest agents; live results while typing,
// the hero made compact so the first card shows on a phone's first screen; emptied, the storefront
// comes back; an example job and a category tile lead where they say. (axe and the sideways check
// of the home page with and without results, at both widths: accessibility.e2e, responsive.e2e.)
// Then the lists made from what people did (issue 25, part 2): an agent whose page five people
// opened this week is "Trending", an agent of a provider with a verified domain is under "Verified
// providers", an agent three employers rated well is "Well reviewed"; what the page shows is what
// the API answers, at both widths, with axe.

/** The names a home list shows, in order (none when the list is not on the page). */
const listNames = (page: Page, heading: string) =>
  page.getByRole('region', { name: heading, exact: true }).locator('.category-tile__name').allTextContents();

describe('Home storefront', () => {
  const app = setUpApp();
  const stamp = Date.now().toString(36);
  const seeded = {
    trending: `Pulsewick ${stamp}`,
    verified: `Keelbright ${stamp}`,
    reviewed: `Starloam ${stamp}`,
  };

  // Before any page asks (the server keeps each list for minutes): five people (employers with a
  // plan and a confirmed address, each of their own organization) open one agent's page; three of
  // them review another, 5, 4 and 5 stars; a provider's domain is verified. People are counted by
  // account here: the browser makes every request from one address.
  beforeAll(async () => {
    const { server } = app();
    const { store } = server.context;
    const listed = (name: string, address: string, ownerId: string | null) =>
      store.agents.create({
        name,
        provider: ownerId ? `Keelbright Works ${stamp}` : `Loam Studio ${stamp}`,
        category: 'Customer Service',
        role: 'Customer Support Agent',
        description: `${name} answers customer e-mails in five languages, day and night.`,
        cost: '$30/month',
        address,
        owner_id: ownerId,
      });
    const trending = await listed(seeded.trending, `https://pulsewick-${stamp}.example/`, null);
    const reviewed = await listed(seeded.reviewed, `https://starloam-${stamp}.example/`, null);

    const maker = await createAccount(server, {
      email: uniqueEmail('keelbright'),
      organization: `Keelbright Works ${stamp}`,
    });
    const domain = `keelbright-${stamp}.example`;
    await listed(seeded.verified, `https://${domain}/helpdesk`, maker.userId);
    const claim = await store.verifications.create(
      { user_id: maker.userId, domain, token: 'f'.repeat(32) },
      20,
    );
    const now = new Date().toISOString();
    await store.verifications.saveCheck(claim.id, {
      status: 'verified',
      method: 'file',
      verified_at: now,
      checked_at: now,
      next_check_at: new Date(Date.now() + 86_400_000).toISOString(),
      failures: 0,
      lapsed_at: null,
    });

    for (let person = 0; person < SIGNALS.minViews; person += 1) {
      const http: APIRequestContext = await request.newContext({ baseURL: server.url });
      try {
        const email = `buyer${person}@org${person}-${stamp}.example`;
        await createAccount(
          server,
          { email, userType: 'employer', subscribed: true, organization: `Org ${person} ${stamp}` },
          http,
        );
        const link = await linkInMail(server, email, 'verify_email', '/verify-email');
        await apiSend(http, 'POST', '/api/auth/verify-email', {
          token: new URL(link, server.url).searchParams.get('token'),
        });
        expect((await http.get(`/api/agents/${trending.id}?view=page`)).status()).toBe(200);
        if (person < 3)
          await apiSend(http, 'PUT', `/api/agents/${reviewed.id}/review`, {
            rating: person === 1 ? 4 : 5,
            body: `Review ${person + 1}: it answered our customers overnight, as the listing says.`,
          });
      } finally {
        await http.dispose();
      }
    }
    // The counts are written every 10 s; the lists read what is written.
    await server.context.analytics!.flush();
  }, 180_000);

  it.each([1280, 360])(
    'offers jobs, categories and new agents, and makes room for live results, at %i px',
    async (width) => {
      const height = width === 360 ? 740 : 800;
      const page = await app().open('/', { width, height });

      const examples = page.getByRole('region', { name: 'Try a job' });
      expect(await examples.getByRole('link').count()).toBeGreaterThanOrEqual(3);
      const categories = page.getByRole('region', { name: 'Browse by category' });
      const finance = categories.getByRole('link', { name: /^Finance\s*\d+ agents?$/ });
      await finance.waitFor();
      const newest = page.getByRole('region', { name: 'New in the directory' });
      await newest.getByRole('link').first().waitFor();
      await screenshotFromTop(page, `storefront ${width}px 01 home`);
      const heroBefore = (await page.locator('section.hero').boundingBox())!.height;

      // Live results while typing: no Enter; the storefront steps aside and the hero gets compact.
      await page.locator(SEARCH_BOX).pressSequentially('meeting notes');
      await card(page, 'MinutesMallard').waitFor();
      await page.waitForURL(/\?query=meeting\+notes$/);
      expect(await categories.count()).toBe(0);
      expect((await page.locator('section.hero').boundingBox())!.height).toBeLessThan(heroBefore);
      // The first card's name is on the first screen.
      const firstName = (await cards(page).first().locator('h3').boundingBox())!;
      expect(firstName.y + firstName.height).toBeLessThanOrEqual(height);
      await screenshotFromTop(page, `storefront ${width}px 02 live results`);

      // Emptied, the storefront is back; an example job is a search link.
      await page.locator(SEARCH_BOX).fill('');
      await examples.waitFor();
      await page.waitForURL((url) => url.search === '');
      await examples.getByRole('link', { name: 'bookkeeping for a small shop' }).click();
      await page.waitForURL(/\?query=bookkeeping\+for\+a\+small\+shop$/);
      await cards(page).first().waitFor();

      // A category tile opens the category's agents.
      await page.goto('/');
      await finance.click();
      await page.getByRole('heading', { level: 2, name: 'Finance agents' }).waitFor();
      expect(new URL(page.url()).search).toBe('?category=Finance');
      await cards(page).first().waitFor();
    },
  );

  it.each([1280, 360])(
    'shows trending, verified and well-reviewed agents as the API answers them, at %i px',
    async (width) => {
      const page = await app().open('/', { width, height: width === 360 ? 740 : 800, bypassCSP: true });
      await page.getByRole('region', { name: 'Trending this week', exact: true }).waitFor();
      const signals = (await (await page.request.get('/api/signals')).json()) as PublicSignals;
      const showcase = (await (await page.request.get('/api/showcase')).json()) as Showcase;

      const trending = await listNames(page, 'Trending this week');
      expect(trending).toEqual(signals.trending.map(({ agent }) => agent.name));
      expect(trending).toContain(seeded.trending);
      const tile = page
        .getByRole('region', { name: 'Trending this week', exact: true })
        .getByRole('link', { name: new RegExp(`^${seeded.trending}`) });
      expect(await tile.textContent()).toContain(`${SIGNALS.minViews} people this week`);

      const verified = await listNames(page, 'Verified providers');
      expect(verified).toEqual(showcase.verified.map((agent) => agent.name));
      expect(verified).toContain(seeded.verified);
      expect(verified).not.toContain(seeded.reviewed);
      const verifiedTile = page
        .getByRole('region', { name: 'Verified providers', exact: true })
        .getByRole('link', { name: new RegExp(`^${seeded.verified}`) });
      await verifiedTile.locator('.trust-badge--verified').waitFor();

      const reviewed = await listNames(page, 'Well reviewed');
      expect(reviewed).toEqual(showcase.well_reviewed.map((agent) => agent.name));
      expect(reviewed).toContain(seeded.reviewed);
      expect(reviewed).not.toContain(seeded.verified);
      const reviewedTile = page
        .getByRole('region', { name: 'Well reviewed', exact: true })
        .getByRole('link', { name: new RegExp(`^${seeded.reviewed}`) });
      expect(await reviewedTile.locator('.trust-badge--rating').textContent()).toContain('4.7');
      await screenshotFromTop(page, `storefront ${width}px 03 trending verified reviewed`);

      if (width === 360) {
        // Two tiles a row on a phone, so the lists are not 2,000 px below the categories.
        const tops = await page
          .locator('.category-tile')
          .evaluateAll((tiles) => tiles.slice(0, 2).map((tile) => tile.getBoundingClientRect().top));
        expect(tops[0]).toBe(tops[1]);
      }
      expect(await seriousViolations(page)).toEqual([]);
      const { scrollWidth, clientWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

      // A tile is the agent's page.
      await reviewedTile.click();
      await page.getByRole('heading', { level: 1, name: seeded.reviewed }).waitFor();
    },
  );
});
