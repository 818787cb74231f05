import path from 'node:path';
import { type LocalDns, startLocalDns } from '@agentry/platform/outbound/testing/local-dns';
import { type LocalSites, startLocalSites } from '@agentry/platform/outbound/testing/local-sites';
import { type APIRequestContext, type Locator, type Page, request } from 'playwright-core';
import {
  ADMIN,
  ADMIN_ENV,
  apiSend,
  createAccount,
  horizontalOverflow,
  linkInMail,
  newestMail,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { setUpApp } from './support/e2e-app';
import { card, headTags, SEARCH_BOX, searchFor } from './support/page-helpers';

// The trust layer in the browser (issue 26). A provider proves the domain of their agent's website
// by the file method, against a local web server whose name a local DNS server answers: the
// "Verified" badge shows on the agent page (and its JSON-LD), in search and on the provider page;
// the file goes, staff recheck from the admin panel, the badge drops and the provider's e-mail is
// in the outbox. Then reviews: an employer from another organization reviews, the provider answers
// once, a visitor reports it, staff hide and restore it (the audit log keeps both), the average
// shows from the third review only, and a provider's own review is refused by the server.

let dns: LocalDns;
let sites: LocalSites;
// Filled in before the app starts (the harness reads it then).
const env: Record<string, string> = { ...ADMIN_ENV };

beforeAll(async () => {
  dns = await startLocalDns();
  sites = await startLocalSites();
  Object.assign(env, {
    OUTBOUND_DNS_SERVERS: dns.server,
    // The local sites are on 127.0.0.1: allowed here only (production refuses loopback and private ranges).
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    LINK_CHECK_TIMEOUT_MS: '2000',
    // The scheduled jobs stay out of the way: staff recheck by hand here.
    TRUST_JOBS: 'off',
  });
});
afterAll(async () => {
  await sites?.close();
  await dns?.close();
});

const app = setUpApp({ env });

/** The page scrolls sideways (wider than its viewport). */
async function sideways(page: Page): Promise<boolean> {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  return scrollWidth > clientWidth;
}

/** The element lies within the viewport's width and does not scroll sideways itself. */
function fitsWidth(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const offenders = [element, ...element.querySelectorAll('*')].filter(
      (node) => node.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    return offenders.length === 0 && element.scrollWidth <= element.clientWidth;
  });
}

/** A screenshot of one panel (with E2E_SCREENSHOTS): the admin dashboard is too long to read whole. */
async function panelShot(locator: Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await locator.screenshot({ path: path.join(dir, `${name}.png`) });
}

async function signInAdmin(page: Page): Promise<void> {
  const login = page.getByRole('form', { name: 'Admin login' });
  await login.getByLabel('Username').fill(ADMIN.username);
  await login.getByLabel('Password').fill(ADMIN.password);
  await login.getByRole('button', { name: 'Log in' }).click();
}

async function listAgent(name: string, address: string, ownerId: string | null, provider: string) {
  return app().server.context.store.agents.create({
    name,
    provider,
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: `${name} answers customer e-mails in five languages, day and night.`,
    cost: '$30/month',
    address,
    owner_id: ownerId,
  });
}

/** An employer with an active plan and a confirmed address, of its own organization, signed in in `http`. */
async function confirmedEmployer(email: string, http: APIRequestContext): Promise<string> {
  const { userId } = await createAccount(
    app().server,
    { email, userType: 'employer', subscribed: true, organization: email.split('@')[1]! },
    http,
  );
  // The confirmation link is the client's page; its API call is what confirms the address.
  const link = await linkInMail(app().server, email, 'verify_email', '/verify-email');
  const token = new URL(link, 'http://x').searchParams.get('token');
  await apiSend(http, 'POST', '/api/auth/verify-email', { token });
  return userId;
}

describe('Trust: verified providers and reviews from people who hired', () => {
  it('verifies a domain by the file method, shows the badge everywhere, and drops it when the proof goes', async () => {
    const stamp = Date.now().toString(36);
    const host = `maker-${stamp}.test`;
    const domain = `${host}:${sites.port}`;
    sites.set(host, {});
    const providerName = `Fenwick Grove ${stamp}`;
    const agentName = `Tidewell ${stamp}`;
    const email = uniqueEmail('maker');

    const page = await app().newPage();
    const { userId } = await createAccount(
      app().server,
      { email, organization: providerName, subscribed: true },
      page.request,
    );
    const agent = await listAgent(agentName, `${sites.origin(host)}/helpdesk`, userId, providerName);

    // 1. The provider adds the domain on the dashboard: the token and the three ways are shown.
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Verified domains' });
    await panel.getByLabel('Domain').fill(domain);
    await panel.getByRole('button', { name: 'Add domain' }).click();
    const domainCard = panel.getByRole('article', { name: new RegExp(domain) });
    await domainCard.getByText('Waiting for proof').waitFor();
    const fileUrl = `http://${domain}/.well-known/agentry-verification.txt`;
    await domainCard.getByText(fileUrl).waitFor();
    const token = await domainCard.locator('dd', { hasText: fileUrl }).locator('code').nth(1).textContent();
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    // A check before the file is there: not found, still waiting.
    await domainCard.getByRole('button', { name: 'Check now' }).click();
    await domainCard.getByText(/^File on the site: /).waitFor();
    expect(await domainCard.getByText('Waiting for proof').count()).toBe(1);

    // 2. The file on the site, checked again: verified.
    sites.set(host, { files: { '/.well-known/agentry-verification.txt': token! } });
    await domainCard.getByRole('button', { name: 'Check now' }).click();
    await domainCard.getByText('Verified', { exact: true }).waitFor();
    await domainCard.getByText(/Verified by file on the site on/).waitFor();
    await screenshotFromTop(page, 'trust 01 dashboard domain verified 1280');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await sideways(page)).toBe(false);
    await screenshotFromTop(page, 'trust 01 dashboard domain verified 360');

    // 3. The badge on the agent page, in its JSON-LD, on its search card and on the provider page.
    const visitor = await app().open(`/agents/${agent.id}`);
    await visitor.locator('article.agent-profile .trust-badge--verified').waitFor();
    const head = await headTags(visitor);
    const product = head.jsonLd.find((data) => 'provider' in data) as { provider: { url?: string } };
    expect(product.provider.url).toBe(`https://${domain}`);
    await screenshotFromTop(visitor, 'trust 02 agent page verified 1280');
    await visitor.setViewportSize({ width: 360, height: 740 });
    expect(await sideways(visitor)).toBe(false);
    await screenshotFromTop(visitor, 'trust 02 agent page verified 360');
    await visitor.setViewportSize({ width: 1280, height: 800 });

    await visitor.goto('/');
    await visitor.locator(SEARCH_BOX).waitFor();
    await searchFor(visitor, agentName);
    await card(visitor, agentName).locator('.trust-badge--verified').waitFor();

    const provider = await app().server.context.store.users.findById(userId);
    await visitor.goto(`/providers/${provider!.slug}`);
    await visitor.locator('.provider-page .trust-badge--verified').first().waitFor();
    expect(await visitor.locator('.provider-page__domain').first().textContent()).toBe(domain);

    // 4. The proof goes; staff recheck it from the admin panel: lapsed, the badge drops, mail sent.
    sites.set(host, {});
    const staff = await app().open('/admin?section=trust');
    await signInAdmin(staff);
    const domains = staff.getByRole('region', { name: /^Verified domains/ });
    await domains.getByLabel('Show').selectOption('verified');
    await domains.getByRole('button', { name: `Recheck ${domain}` }).click();
    await domains.locator('li', { hasText: domain }).getByText('lapsed', { exact: true }).waitFor();
    await panelShot(domains, 'trust 03 admin domain lapsed 1280');

    const after = await app().open(`/agents/${agent.id}`);
    await after.getByRole('heading', { level: 1, name: agentName }).waitFor();
    await after.getByRole('heading', { name: 'Reviews from employers who hired it' }).waitFor();
    expect(await after.locator('.trust-badge--verified').count()).toBe(0);
    const mail = await newestMail(app().server, email, 'verification_lapsed');
    expect(mail.text).toContain(domain);
  });

  it('lets an employer review, the provider answer, a visitor report, and staff hide and restore; the average shows from the third review', async () => {
    const stamp = Date.now().toString(36);
    const host = `reviewed-${stamp}.test`;
    const providerEmail = uniqueEmail('maker');
    const makerPage = await app().newPage();
    const { userId } = await createAccount(
      app().server,
      { email: providerEmail, organization: `Harbour Bots ${stamp}` },
      makerPage.request,
    );
    const agentName = `Lanternfish ${stamp}`;
    const agent = await listAgent(agentName, `https://${host}/`, userId, `Harbour Bots ${stamp}`);

    // A provider's own review: refused by the server, whatever the screen shows.
    const own = await makerPage.request.put(`/api/agents/${agent.id}/review`, {
      headers: {
        'X-CSRF-Token': (
          (await (await makerPage.request.get('/api/csrf-token')).json()) as { csrf_token: string }
        ).csrf_token,
      },
      data: { rating: 5, body: 'Our own agent is simply the best there is.' },
    });
    expect(own.status()).toBe(403);

    // 1. An employer from another organization reviews it on the agent page.
    const employer = await app().newPage();
    await confirmedEmployer(`hr@buyer-${stamp}.example`, employer.request);
    await employer.goto(`/agents/${agent.id}`);
    const reviews = employer.getByRole('region', { name: 'Reviews from employers who hired it' });
    await reviews.getByText('No reviews yet.').waitFor();
    const form = employer.getByRole('form', { name: 'Review this agent' });
    await form.getByLabel('4 stars').check();
    await form.getByLabel('Your review').fill('Answered our Spanish tickets overnight; two needed a human.');
    await form.getByRole('button', { name: 'Publish review' }).click();
    await reviews
      .locator('.review__body', { hasText: 'Answered our Spanish tickets overnight; two needed a human.' })
      .waitFor();
    // One review: the count, no average yet.
    await reviews.getByText('1 review so far: the average shows from 3.').waitFor();
    await screenshotFromTop(employer, 'trust 04 agent page one review 1280');

    // 2. The provider answers it, once, in public.
    await makerPage.goto(`/agents/${agent.id}`);
    const makerReviews = makerPage.getByRole('region', { name: 'Reviews from employers who hired it' });
    await makerReviews.getByRole('button', { name: 'Answer publicly' }).click();
    await makerReviews
      .getByLabel('Your public answer (given once)')
      .fill('Thank you: Spanish escalations are fixed.');
    await makerReviews.getByRole('button', { name: 'Publish answer' }).click();
    await makerReviews
      .locator('.review__reply', { hasText: 'Thank you: Spanish escalations are fixed.' })
      .waitFor();
    expect(await makerReviews.getByRole('button', { name: 'Answer publicly' }).count()).toBe(0);

    // 3. A visitor reports it.
    const visitor = await app().open(`/agents/${agent.id}`);
    const visible = visitor.getByRole('region', { name: 'Reviews from employers who hired it' });
    await visible.getByRole('button', { name: 'Report this review' }).click();
    await visible
      .getByLabel('What is wrong with this review?')
      .fill('Looks like it was written by a competitor.');
    await visible.getByRole('button', { name: 'Send report' }).click();
    await visible
      .getByRole('status')
      .filter({ hasText: 'Thank you. Staff will look at this review.' })
      .waitFor();

    // 4. Staff hide it with a reason, then restore it; the audit log keeps both.
    const staff = await app().open('/admin?section=trust');
    await signInAdmin(staff);
    const moderation = staff.getByRole('region', { name: /^Review moderation/ });
    const item = moderation.locator('li', { hasText: 'Answered our Spanish tickets overnight' }).first();
    await item.getByText('Reported: Looks like it was written by a competitor.').waitFor();
    await panelShot(moderation, 'trust 05 admin review reported 1280');
    // At 360 px every trust panel fits the screen (the dashboard's own wide tables are not ours here).
    await staff.setViewportSize({ width: 360, height: 740 });
    for (const name of [
      /^Review moderation/,
      /^Verified domains/,
      /^Listings claimed by domain/,
      /^Unreachable listings/,
    ])
      expect(await fitsWidth(staff.getByRole('region', { name }))).toBe(true);
    await panelShot(moderation, 'trust 05 admin review reported 360');
    await staff.setViewportSize({ width: 1280, height: 800 });
    await item.getByRole('button', { name: 'Hide…' }).click();
    await item.getByLabel('Reason').fill('Checked with the employer: stays hidden while we look');
    await item.getByRole('button', { name: 'Hide', exact: true }).click();
    await moderation.getByText('No review waits for a decision.').waitFor();
    expect(
      ((await (await visitor.request.get(`/api/agents/${agent.id}/reviews`)).json()) as { total: number })
        .total,
    ).toBe(0);

    await moderation.getByLabel('Show').selectOption('hidden');
    const hidden = moderation.locator('li', { hasText: 'Answered our Spanish tickets overnight' }).first();
    await hidden.getByRole('button', { name: 'Restore…' }).click();
    await hidden.getByLabel('Reason').fill('The employer confirmed they wrote it');
    await hidden.getByRole('button', { name: 'Restore', exact: true }).click();
    await moderation.getByText('No review is hidden.').waitFor();
    const audit = (await (await staff.request.get(`/api/admin/audit?entity_type=review`)).json()) as {
      entries: Array<{ action: string; entity_label?: string }>;
    };
    expect(audit.entries.slice(0, 2).map((entry) => entry.action)).toEqual(['restore_review', 'hide_review']);

    // 5. Two more organizations review it: the average shows from the third, on the card too.
    for (const [index, rating] of [5, 3].entries()) {
      const http = await request.newContext({ baseURL: app().server.url });
      try {
        await confirmedEmployer(`ops@org${index}-${stamp}.example`, http);
        await apiSend(http, 'PUT', `/api/agents/${agent.id}/review`, {
          rating,
          body: `Review number ${index + 2}: it did what the listing says.`,
        });
        const page = (await (await http.get(`/api/agents/${agent.id}/reviews`)).json()) as {
          rating_average: number | null;
        };
        expect(page.rating_average).toBe(index === 0 ? null : 4);
      } finally {
        await http.dispose();
      }
    }
    const rated = await app().open(`/agents/${agent.id}`);
    const summary = rated.getByRole('region', { name: 'Reviews from employers who hired it' });
    await summary.locator('.trust-badge--rating', { hasText: '4.0' }).waitFor();
    expect(await summary.locator('.trust-badge--rating').textContent()).toContain('(3 reviews)');
    const head = await headTags(rated);
    const product = head.jsonLd.find((data) => 'aggregateRating' in data);
    expect(product?.aggregateRating).toMatchObject({ ratingValue: 4, ratingCount: 3 });
    await screenshotFromTop(rated, 'trust 06 agent page rated 1280');
    await rated.setViewportSize({ width: 360, height: 740 });
    expect(await sideways(rated)).toBe(false);
    await screenshotFromTop(rated, 'trust 06 agent page rated 360');
  });
});
