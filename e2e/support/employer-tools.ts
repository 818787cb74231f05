import type { Locator, Page } from 'playwright-core';
import {
  createAccount,
  horizontalOverflow,
  linkInMail,
  registerAgentByApi,
  screenshotFromTop,
  uniqueEmail,
} from './accounts';
import type { AppServer } from './app-server';
import { seriousViolations } from './axe';

// What employer-tools.e2e.ts reads from and does to the employer's screens: the advanced search's
// results and filters, the comparison's dialogs, the accounts each walk starts from, and the
// provider's analytics as the API answers them.

export const MULTI_SEARCH = '/api/employer/instantsearch/multi-search';
export const SUBSCRIPTION_MESSAGE =
  'Advanced search, comparison, shortlists and contact requests need an active employer subscription ($40/month).';

export interface SearchHitBody {
  id: string;
  name: string;
  price_monthly: number | null;
}
export interface SearchResultBody {
  nbHits: number;
  hits: SearchHitBody[];
}

/** What the results show: the count line and the names of the hits, in order. */
export interface Shown {
  count: string;
  names: string[];
}

/** The count line as the page words it (advanced-search.tsx). */
export function countText(count: number): string {
  if (count === 0) return 'No agents match';
  return count === 1 ? '1 agent matches' : `${count.toLocaleString('en-US')} agents match`;
}

export function shownNow(page: Page): Promise<Shown> {
  return page.evaluate(() => ({
    count: document.querySelector('.employer-search__results .results-summary')?.textContent ?? '',
    names: [...document.querySelectorAll('li.employer-hit article.agent-card h3')].map(
      (heading) => heading.textContent ?? '',
    ),
  }));
}

/** Waits until the results show `expected` (5 s at most), then expects them to. */
export async function expectShown(page: Page, expected: Shown): Promise<void> {
  await page
    .waitForFunction(
      ({ count, names }) => {
        const summary = document.querySelector('.employer-search__results .results-summary');
        const shown = [...document.querySelectorAll('li.employer-hit article.agent-card h3')].map(
          (heading) => heading.textContent ?? '',
        );
        return summary?.textContent === count && JSON.stringify(shown) === JSON.stringify(names);
      },
      expected,
      // A hang's limit (5 s was little for a busy machine's browser), not a figure.
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  expect(await shownNow(page)).toEqual(expected);
}

/**
 * Does `act`, waits for the advanced search it causes, and for the page to show that answer.
 * Answers what is shown and the server's hits.
 */
export async function searchAfter(
  page: Page,
  act: () => Promise<unknown>,
): Promise<Shown & { hits: SearchHitBody[] }> {
  const answered = page.waitForResponse(
    (response) => response.url().endsWith(MULTI_SEARCH) && response.request().method() === 'POST',
  );
  await act();
  const response = await answered;
  expect(response.status()).toBe(200);
  const main = ((await response.json()) as { results: SearchResultBody[] }).results[0]!;
  const shown = { count: countText(main.nbHits), names: main.hits.map((hit) => hit.name) };
  await expectShown(page, shown);
  return { ...shown, hits: main.hits };
}

/** The path and query of the page's address. */
export const address = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** A facet's checkbox in the filters ("Category" → "Finance"), after Show more if it is further down. */
export async function facetOption(page: Page, facet: string, value: string): Promise<Locator> {
  const group = page.getByRole('group', { name: facet, exact: true });
  const option = group.getByRole('checkbox', { name: new RegExp(`^${value}\\s*[\\d,]*$`) });
  if ((await option.count()) === 0) await group.getByRole('button', { name: /more/i }).click();
  return option;
}

/** A result (the card and its tools) by the agent's name. */
export const hit = (page: Page, name: string) =>
  page.locator('li.employer-hit').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** What a page's own fetch() answers, status and body; a POST (an empty search) carries the session's CSRF token. */
export function fetchFrom(page: Page, pathname: string, method: 'GET' | 'POST' = 'GET') {
  return page.evaluate(
    async ({ pathname, method }) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (method === 'POST') {
        const token = await (await fetch('/api/csrf-token')).json();
        headers['X-CSRF-Token'] = token.csrf_token;
      }
      const response = await fetch(pathname, {
        method,
        headers,
        ...(method === 'POST'
          ? { body: JSON.stringify({ requests: [{ indexName: 'agents', params: { query: '' } }] }) }
          : {}),
      });
      return { status: response.status, body: await response.json() };
    },
    { pathname, method },
  );
}

/** A screen of a walk: its screenshot, nothing serious for axe, nothing scrolling sideways. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshotFromTop(page, name);
  expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect({ name, scrollWidth }).toEqual({ name, scrollWidth: clientWidth });
}

export interface AnalyticsBody {
  agents: Array<{ id: string; totals: Record<string, number> }>;
}

/**
 * A subscribed employer signed up in `page`'s context and signed in there, with the address
 * confirmed: contact requests need one (replies are e-mailed to it), so the link from sign-up.
 */
export async function signUpConfirmedEmployer(
  server: AppServer,
  page: Page,
  employer: { email: string; fullName: string; organization: string },
): Promise<void> {
  await createAccount(server, { ...employer, userType: 'employer', subscribed: true }, page.request);
  await page.goto(await linkInMail(server, employer.email, 'verify_email', '/verify-email'));
  await page.getByText(`Your e-mail address ${employer.email} is confirmed.`).waitFor();
}

/** A provider signed in in `page`'s context, owning a listed agent (Finance, Bookkeeper). */
export async function providerOwningAgent(server: AppServer, page: Page, stamp: string) {
  const provider = {
    email: uniqueEmail('provider'),
    fullName: 'Noor Haddad',
    organization: `Saltmarsh AI ${stamp}`,
  };
  const { userId } = await createAccount(server, provider, page.request);
  const agentName = `Tallyfern ${stamp}`;
  const agent = await server.context.store.agents.create({
    name: agentName,
    provider: provider.organization,
    category: 'Finance',
    role: 'Bookkeeper',
    description: `${agentName} reconciles bank statements every night and flags odd payments.`,
    cost: '$25/month',
    address: `https://tallyfern-${stamp}.example/`,
    owner_id: userId,
  });
  return { provider, agent, agentName };
}

/**
 * The search at `searchUrl` opened in a new page of the same (signed-in) browser: the same count
 * and hits as `expected`, the same address, the sort by price and the Finance and Paid filters
 * checked, and no error in the page.
 */
export async function expectSameSearchReopened(
  page: Page,
  searchUrl: string,
  expected: Shown,
): Promise<void> {
  const second = await page.context().newPage();
  const secondErrors: string[] = [];
  second.on('pageerror', (error) => secondErrors.push(error.message));
  const reopened = await searchAfter(second, () => second.goto(searchUrl));
  expect({ count: reopened.count, names: reopened.names }).toEqual({
    count: expected.count,
    names: expected.names,
  });
  expect(address(second)).toBe(searchUrl);
  expect(await second.getByLabel('Sort by').inputValue()).toBe('agents_price_asc');
  expect(
    await second
      .getByRole('group', { name: 'Category', exact: true })
      .getByRole('checkbox', { name: /^Finance\s*\d*$/ })
      .isChecked(),
  ).toBe(true);
  expect(
    await second
      .getByRole('group', { name: 'Pricing tier', exact: true })
      .getByRole('checkbox', { name: /^Paid\s*\d*$/ })
      .isChecked(),
  ).toBe(true);
  await second.close();
  expect(secondErrors).toEqual([]);
}

/** The comparison's `count` agents saved to a new shortlist called `listName`, from its dialog. */
export async function saveToNewList(page: Page, count: number, listName: string): Promise<void> {
  await page.getByRole('button', { name: 'Save these to a list' }).click();
  const saveDialog = page.getByRole('dialog', { name: `Save ${count} agents to a list` });
  const choose = saveDialog.getByRole('form', { name: 'Choose a list' });
  await choose.getByLabel('Name of the new list').fill(listName);
  await choose.getByRole('button', { name: 'Save', exact: true }).click();
  await saveDialog.getByText(`Saved ${count} agents to ${listName}.`).waitFor();
  await saveDialog.getByRole('button', { name: 'Close' }).click();
  await saveDialog.waitFor({ state: 'detached' });
}

/**
 * A demo request about `agentName` from its button inside `from` (a comparison's column): the form
 * shows the employer's `profile` line, then the message and the preferred times are sent.
 */
export async function requestDemo(
  page: Page,
  from: Locator,
  agentName: string,
  { profile, message, times }: { profile: string; message: string; times: string },
): Promise<void> {
  await from.getByRole('button', { name: `Contact / Request demo (${agentName})` }).click();
  const contactDialog = page.getByRole('dialog', { name: `Contact the provider of ${agentName}` });
  const contactForm = contactDialog.getByRole('form', { name: 'Contact request' });
  expect(await contactForm.textContent()).toContain(profile);
  await contactForm.getByRole('radio', { name: 'Request a demo' }).check();
  await contactForm.getByLabel('Message').fill(message);
  await contactForm.getByLabel(/^Preferred times/).fill(times);
  await contactForm.getByRole('button', { name: 'Request demo' }).click();
  await contactDialog.getByText(`Your demo request about ${agentName} was sent.`).waitFor();
  await contactDialog.getByRole('button', { name: 'Close' }).click();
  await contactDialog.waitFor({ state: 'detached' });
}

/**
 * The provider's analytics totals of agent `agentId` as GET /api/users/analytics answers them,
 * asked again every 200 ms until they count `wanted` (15 s at most).
 */
export async function countedTotals(
  providerPage: Page,
  agentId: string,
  wanted: { compared: number; contacted: number },
): Promise<Record<string, number> | undefined> {
  const counted = async () => {
    const body = (await (await providerPage.request.get('/api/users/analytics')).json()) as AnalyticsBody;
    return body.agents.find((agent) => agent.id === agentId)?.totals;
  };
  const started = Date.now();
  let totals = await counted();
  while (
    (totals?.compared !== wanted.compared || totals.contacted !== wanted.contacted) &&
    Date.now() - started < 15_000
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    totals = await counted();
  }
  return totals;
}

/** How many lines each element's text takes on screen. */
export function linesOf(elements: Locator): Promise<number[]> {
  return elements.evaluateAll((labels) =>
    labels.map((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      return range.getClientRects().length;
    }),
  );
}

/**
 * A provider with an account that owns a listed agent: the agent registered under the provider's
 * e-mail, then the account, then the claim link from the outbox opened signed in. The link counts
 * only in the account's own session: created (and so signed in) in `page`.
 */
export async function providerClaimingAgent(
  server: AppServer,
  page: Page,
  provider: { email: string; fullName: string; organization: string },
  agentName: string,
): Promise<void> {
  await registerAgentByApi(server, {
    email: provider.email,
    name: agentName,
    provider: provider.organization,
    category: 'Finance',
    role: 'Bookkeeper',
    cost: '$19/month',
  });
  await createAccount(server, { ...provider, userType: 'agent_provider' }, page.request);
  await page.goto(await linkInMail(server, provider.email, 'claim_agent', '/verify-email'));
  await page
    .getByText(`Your e-mail address ${provider.email} is confirmed. 1 agent was added to your account.`)
    .waitFor();
}

/** A reply written into `form` (the inbox's or the employer's) and sent. */
export async function sendReply(form: Locator, text: string): Promise<void> {
  await form.getByLabel('Your reply').fill(text);
  await form.getByRole('button', { name: 'Send reply' }).click();
}

/** The page at 360 px wide: its screenshot, and nothing scrolling sideways; then its width again. */
export async function expectFitsPhone(page: Page, name: string): Promise<void> {
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshotFromTop(page, name);
  const phone = await horizontalOverflow(page);
  expect(phone.scrollWidth).toBeLessThanOrEqual(phone.clientWidth);
  if (wide) await page.setViewportSize(wide);
}
