import { createAccount, newestMail, screenshotFromTop, signIn, uniqueEmail } from './support/accounts';
import { setUpApp } from './support/e2e-app';
import {
  address,
  checkScreen,
  countedTotals,
  expectFitsPhone,
  expectSameSearchReopened,
  expectShown,
  facetOption,
  fetchFrom,
  hit,
  linesOf,
  MULTI_SEARCH,
  providerClaimingAgent,
  providerOwningAgent,
  requestDemo,
  SUBSCRIPTION_MESSAGE,
  saveToNewList,
  searchAfter,
  sendReply,
  signUpConfirmedEmployer,
} from './support/employer-tools';

// The employer plan's tools (docs/employer-tools.md), end to end: a subscribed employer narrows
// the advanced search (/employer/search) by category, pricing tier and price order, with the whole
// state in a URL that a new page opens the same and the back button steps through; compares three
// agents (/compare), saves them to a shortlist (seen on /employer-dashboard) and asks for a demo of
// the one whose provider has an account. The provider reads it in the inbox on /dashboard, replies
// and closes it; both e-mails are in the outbox, and the provider's analytics count the comparison
// and the request. A visitor and an employer without a subscription are refused by the server.

describe('Employer tools', () => {
  const app = setUpApp();

  it('searches with the state in the URL, compares, shortlists and asks for a demo that the provider answers; analytics count it', async () => {
    const server = app().server;
    const stamp = Date.now().toString(36);

    // A provider with an account that owns a listed agent (claimed from the outbox's link).
    const provider = {
      email: uniqueEmail('provider'),
      fullName: 'Pia Marchetti',
      organization: 'Inkpond Analytics',
    };
    const agentName = `Ledgerlynx ${stamp}`;
    await providerClaimingAgent(server, await app().newPage(), provider, agentName);

    // A subscribed employer (the test checkout paid), signed in in this page's context.
    const employer = {
      email: uniqueEmail('employer'),
      fullName: 'Edda Lindqvist',
      organization: 'Harbourlight Freight',
    };
    const page = await app().newPage();
    await signUpConfirmedEmployer(server, page, employer);

    // 1. The advanced search: every agent first, then Finance, then the Paid tier, then by price.
    const everything = await searchAfter(page, () => page.goto('/employer/search'));
    expect(everything.names.length).toBeGreaterThan(0);
    expect(address(page)).toBe('/employer/search');
    await page.getByRole('heading', { level: 1, name: 'Advanced search' }).waitFor();
    expect(await page.locator('.subscribe-invitation').count()).toBe(0);

    const finance = await facetOption(page, 'Category', 'Finance');
    const inFinance = await searchAfter(page, () => finance.check());
    await page.waitForURL('**/employer/search?category=Finance');
    expect(inFinance.count).toBe('7 agents match'); // the demo catalog's 6, and the provider's
    await page.getByRole('button', { name: 'Remove Category: Finance' }).waitFor();

    const paid = await facetOption(page, 'Pricing tier', 'Paid');
    const paidFinance = await searchAfter(page, () => paid.check());
    await page.waitForURL('**/employer/search?category=Finance&pricing=paid');
    expect(paidFinance.names).toContain(agentName);
    expect(paidFinance.names.length).toBeLessThan(inFinance.names.length);
    await page.getByRole('button', { name: 'Remove Pricing tier: Paid' }).waitFor();

    const sortBy = page.getByLabel('Sort by');
    const byPrice = await searchAfter(page, () => sortBy.selectOption({ label: 'Price: low to high' }));
    await page.waitForURL('**/employer/search?category=Finance&pricing=paid&sort=price_asc');
    const searchUrl = address(page);
    expect(byPrice.count).toBe(paidFinance.count);
    expect([...byPrice.names].sort()).toEqual([...paidFinance.names].sort());
    // Cheapest first; agents without a monthly price after those with one.
    const prices = byPrice.hits.map((agent) => agent.price_monthly);
    const stated = prices.filter((price): price is number => price !== null);
    expect(stated).toEqual([...stated].sort((a, b) => a - b));
    expect(prices.slice(0, stated.length)).toEqual(stated);
    expect(byPrice.names[0]).toBe(agentName); // $19/month, the cheapest stated price
    await screenshotFromTop(page, 'employer tools 01 advanced search');

    // The URL opened in a new page of the same (signed-in) browser: the same search.
    await expectSameSearchReopened(page, searchUrl, byPrice);

    // Back: the search before the sort, by relevance again.
    await page.goBack();
    await page.waitForURL('**/employer/search?category=Finance&pricing=paid');
    await expectShown(page, { count: paidFinance.count, names: paidFinance.names });
    expect(await sortBy.inputValue()).toBe('agents');
    // Forward to the sorted search, which the comparison starts from.
    await page.goForward();
    await page.waitForURL(`**${searchUrl}`);
    await expectShown(page, { count: byPrice.count, names: byPrice.names });

    // 2. Three agents into the comparison: the provider's and the next two by price.
    const compared = byPrice.names.slice(0, 3);
    expect(compared).toHaveLength(3);
    for (const name of compared) {
      const toggle = hit(page, name).getByRole('button', { name: `Compare ${name}`, exact: true });
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    }
    const bar = page.getByRole('complementary', { name: 'Agents to compare' });
    expect(await bar.getByRole('listitem').allTextContents()).toEqual(compared.map((name) => `${name}×`));
    const comparing = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/compare');
    await bar.getByRole('link', { name: 'Compare (3)' }).click();
    expect((await comparing).status()).toBe(200);
    await page.waitForURL(/\/compare\?ids=/);
    const ids = byPrice.hits.slice(0, 3).map((agent) => agent.id);
    expect(address(page)).toBe(`/compare?ids=${ids.join(',')}`);
    const table = page.getByRole('table', { name: /side by side/ });
    await table.waitFor();
    expect(await table.locator('thead .comparison__name').allTextContents()).toEqual(compared);
    // A row where they differ is marked, in words and by its class; one where they agree is not.
    const row = (label: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${label}`) }) });
    expect(await row('Provider').getByRole('rowheader').textContent()).toBe('Provider differs');
    expect(await row('Provider').getAttribute('class')).toBe('comparison__row--differs');
    expect(await row('Cost').getByRole('rowheader').textContent()).toBe('Cost differs');
    expect(await row('Category').getByRole('rowheader').textContent()).toBe('Category');
    expect(await row('Category').getAttribute('class')).toBeNull();
    // One row per fact: the pricing tier (read from the cost) is not a second row for the cost.
    expect(await row('Pricing tier').count()).toBe(0);
    expect(await row('Category').getByRole('cell').allTextContents()).toEqual([
      'Finance',
      'Finance',
      'Finance',
    ]);
    expect((await row('Provider').getByRole('cell').allTextContents())[0]).toBe(provider.organization);
    await screenshotFromTop(page, 'employer tools 02 comparison');

    // 3. The three saved to a new shortlist, from the comparison.
    const listName = `Bookkeeping picks ${stamp}`;
    await saveToNewList(page, 3, listName);

    // 4. A demo request about the provider's agent, from its column of the comparison.
    const demoMessage = `We move 40,000 invoices a month and would like to see ${agentName} reconcile them.`;
    const preferredTimes = 'Tuesday or Thursday mornings, CET';
    await requestDemo(page, table, agentName, {
      profile: `Sent with your profile: ${employer.fullName}, ${employer.organization}, ${employer.email}`,
      message: demoMessage,
      times: preferredTimes,
    });

    // The provider's e-mail: the agent, the kind, the message, the times and who asks.
    const notice = await newestMail(server, provider.email, 'contact_request');
    expect(notice.text).toContain(
      `${employer.fullName} of ${employer.organization} sent a demo request about your agent "${agentName}"`,
    );
    expect(notice.text).toContain(demoMessage);
    expect(notice.text).toContain(`Preferred times: ${preferredTimes}`);
    expect(notice.text).toContain(employer.email);

    // The employer dashboard: the shortlist with its three agents, and the request sent.
    await page.goto('/employer-dashboard');
    const lists = page.getByRole('region', { name: /^Your shortlists/ });
    const list = lists.getByRole('article', { name: new RegExp(`^${listName}`) });
    await list.waitFor();
    expect(await list.getByRole('heading', { level: 3 }).textContent()).toBe(`${listName} (3 agents)`);
    await list.getByRole('button', { name: `Show agents of ${listName}` }).click();
    const onList = list.getByRole('list', { name: `Agents on ${listName}` });
    for (const name of compared) await onList.getByRole('link', { name, exact: true }).waitFor();
    expect(await onList.getByRole('link').allTextContents()).toEqual(compared);
    const requests = page.getByRole('region', { name: /^Your requests/ });
    const sent = requests.getByRole('article', { name: `Demo request about ${agentName}` });
    await sent.waitFor();
    expect(await sent.locator('.status-badge').textContent()).toBe('New');
    expect(await sent.textContent()).toContain(demoMessage);

    // The provider signs in: the request in the inbox on /dashboard; a reply, then Close request.
    const providerPage = await app().open('/signin');
    await signIn(providerPage, provider.email);
    await providerPage.waitForURL('**/dashboard');
    const inbox = providerPage.getByRole('region', { name: /^Inbox/ });
    const request = inbox.getByRole('article', { name: `Demo request about ${agentName}` });
    await request.waitFor();
    expect(await inbox.getByRole('heading', { level: 2 }).textContent()).toBe('Inbox (1 new)');
    const facts = (await request.locator('.request-facts').textContent()) ?? '';
    expect(facts).toContain(`${employer.fullName}, ${employer.organization}`);
    expect(facts).toContain(employer.email);
    expect(facts).toContain(preferredTimes);
    expect(await request.locator('.request-message').textContent()).toBe(demoMessage);
    expect(await request.locator('.status-badge').textContent()).toBe('New');

    const replyText = `Thank you, ${employer.fullName}: Tuesday at 10:00 CET works. A calendar invitation follows.`;
    await request.getByRole('button', { name: 'Reply' }).click();
    await sendReply(request.getByRole('form', { name: `Reply to ${employer.fullName}` }), replyText);
    const replies = request.getByRole('list', { name: 'Replies' });
    await replies.getByText(replyText).waitFor();
    expect(await request.locator('.status-badge').textContent()).toBe('Replied');
    await screenshotFromTop(providerPage, 'employer tools 03 provider inbox after reply');

    await request.getByRole('button', { name: 'Close request' }).click();
    await request.locator('.status-badge').filter({ hasText: 'Closed' }).waitFor();
    await inbox.getByRole('button', { name: 'Closed (1)' }).waitFor();

    // The employer's e-mail: the reply, signed with the provider's organization.
    const answer = await newestMail(server, employer.email, 'contact_reply');
    expect(answer.text).toContain(
      `${provider.organization} replied to your demo request about "${agentName}":`,
    );
    expect(answer.text).toContain(replyText);

    // The employer sees the reply, and the request closed, on the dashboard.
    await page.reload();
    await sent.getByText(replyText).waitFor();
    expect(await sent.locator('.status-badge').textContent()).toBe('Closed');

    // The conversation (issue 25): the employer answers the provider in the app; the request is new
    // again for the provider, who reads the answer in the inbox. Each side's e-mail has the other
    // side's address as Reply-To.
    expect(answer.replyTo).toBe(provider.email);
    const followUp = 'Tuesday it is. Could you also show the Spanish invoices?';
    await sent.getByRole('button', { name: 'Answer the provider' }).click();
    await sendReply(sent.getByRole('form', { name: `Answer the provider about ${agentName}` }), followUp);
    await sent.getByText('Sent. The provider gets it by e-mail.').waitFor();
    await sent.getByRole('list', { name: 'Replies' }).getByText(followUp).waitFor();
    expect(await sent.locator('.status-badge').textContent()).toBe('New');
    expect(await sent.locator('.reply-list__meta').last().textContent()).toMatch(/^You wrote on /);
    await screenshotFromTop(page, 'employer tools 04a employer answered 1280px');
    await expectFitsPhone(page, 'employer tools 04b employer answered 360px');
    const followUpMail = await newestMail(server, provider.email, 'contact_followup');
    expect(followUpMail.replyTo).toBe(employer.email);
    expect(followUpMail.text).toContain(followUp);
    await providerPage.reload();
    await request.getByText(followUp).waitFor();
    expect(await request.locator('.status-badge').textContent()).toBe('New');
    expect(await request.locator('.reply-list__meta').last().textContent()).toMatch(
      /^The employer wrote on /,
    );
    await screenshotFromTop(providerPage, 'employer tools 04c provider reads the answer');

    // The loop ends in a decision (issue 28, item 5): the employer marks the request "Hired"; it
    // stays after a reload. The provider's inbox shows the median reply time, from the real reply.
    await sent.getByLabel('Where it stands').selectOption({ label: 'Hired' });
    await sent.getByText('Saved. Only you see this.').waitFor();
    await page.reload();
    await sent.getByText(replyText).waitFor();
    expect(await sent.getByLabel('Where it stands').inputValue()).toBe('hired');
    await screenshotFromTop(page, 'employer tools 04 request hired');
    await providerPage.reload();
    await inbox
      .locator('.inbox__reply-time')
      .filter({ hasText: /^Median reply time: \d+ minutes? \(1 of 1 employer answered\)\.$/ })
      .waitFor();

    // 6. Analytics: the agent was compared once and contacted once (the API adds this server's
    // counts not yet written to the store, so they show before the 10 s flush).
    const totals = await countedTotals(providerPage, ids[0]!, { compared: 1, contacted: 1 });
    expect(totals).toEqual(expect.objectContaining({ compared: 1, contacted: 1 }));
    expect(totals!.appeared).toBeGreaterThan(0);

    await providerPage.reload();
    const analytics = providerPage.getByRole('region', { name: 'Analytics' });
    const figures = analytics.getByRole('list', { name: 'All your agents, last 12 weeks' });
    await figures.waitFor();
    const figure = (kind: string) =>
      figures.getByRole('listitem').filter({ hasText: kind }).locator('.provider-analytics__total');
    expect(await figure('Compared by employers').textContent()).toBe('1');
    expect(await figure('Contact requests').textContent()).toBe('1');
    expect(Number(await figure('Appeared in search results').textContent())).toBeGreaterThan(0);
    await analytics.getByText('1 comparison over 12 weeks, 1 this week.').waitFor();
    await analytics.getByText('1 request over 12 weeks, 1 this week.').waitFor();
  }, 180_000);

  it('carries the demo request conversation on a 360-pixel phone, each screen clean for axe', async () => {
    const server = app().server;
    const stamp = Date.now().toString(36);
    const phone = { width: 360, height: 740, bypassCSP: true };

    // A provider signed in in its own page, owning a listed agent; a subscribed employer with a
    // confirmed address, signed in in another.
    const providerPage = await app().newPage(phone);
    const { agent, agentName } = await providerOwningAgent(server, providerPage, stamp);
    const employer = {
      email: uniqueEmail('employer'),
      fullName: 'Ines Okafor',
      organization: 'Quayside Goods',
    };
    const page = await app().newPage(phone);
    await signUpConfirmedEmployer(server, page, employer);

    // 1. The employer asks for a demo from the agent's page.
    await page.goto(`/agents/${agent.id}`);
    await page.getByRole('button', { name: `Contact / Request demo (${agentName})` }).click();
    const dialog = page.getByRole('dialog', { name: `Contact the provider of ${agentName}` });
    const form = dialog.getByRole('form', { name: 'Contact request' });
    await form.getByRole('radio', { name: 'Request a demo' }).check();
    await form.getByLabel('Message').fill('Could you show it on our 3,000 monthly card payments?');
    await checkScreen(page, 'conversation 360 01 employer asks');
    await form.getByRole('button', { name: 'Request demo' }).click();
    await dialog.getByText(`Your demo request about ${agentName} was sent.`).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // 2. The provider replies from the inbox.
    await providerPage.goto('/dashboard');
    const request = providerPage
      .getByRole('region', { name: /^Inbox/ })
      .getByRole('article', { name: `Demo request about ${agentName}` });
    await request.getByRole('button', { name: 'Reply' }).click();
    const replyText = 'Gladly: Wednesday at 14:00 CET, on a copy of your statements.';
    await request.getByLabel('Your reply').fill(replyText);
    // Each fact's label on one line ("E-mail" broke at its hyphen at this width): its text's lines.
    const labelLines = await linesOf(request.locator('.request-facts dt'));
    expect(labelLines).toEqual(labelLines.map(() => 1));
    await checkScreen(providerPage, 'conversation 360 02 provider replies');
    await request.getByRole('button', { name: 'Send reply' }).click();
    await request.getByRole('list', { name: 'Replies' }).getByText(replyText).waitFor();

    // 3. The employer reads the reply on the dashboard and answers it there.
    await page.goto('/employer-dashboard');
    const sent = page
      .getByRole('region', { name: /^Your requests/ })
      .getByRole('article', { name: `Demo request about ${agentName}` });
    await sent.getByText(replyText).waitFor();
    await sent.getByRole('button', { name: 'Answer the provider' }).click();
    const followUp = 'Wednesday suits us; we will bring two bookkeepers.';
    await sent.getByLabel('Your reply').fill(followUp);
    await checkScreen(page, 'conversation 360 03 employer answers');
    await sent.getByRole('button', { name: 'Send reply' }).click();
    await sent.getByText('Sent. The provider gets it by e-mail.').waitFor();

    // 4. The provider sees the answer, the request new again.
    await providerPage.reload();
    await request.getByText(followUp).waitFor();
    expect(await request.locator('.status-badge').textContent()).toBe('New');
    await checkScreen(providerPage, 'conversation 360 04 provider reads the answer');
  });

  it('refuses the tools to a visitor and to an employer without a subscription, and invites them to subscribe', async () => {
    // A visitor: 401 from the server; the page offers an employer account.
    const visitor = await app().open('/employer/search');
    await visitor.getByRole('link', { name: 'Create an employer account' }).waitFor();
    expect(await visitor.getByRole('searchbox').count()).toBe(0);
    expect(await visitor.getByLabel('Sort by').count()).toBe(0);
    for (const [pathname, method] of [
      ['/api/shortlists', 'GET'],
      [MULTI_SEARCH, 'POST'],
      ['/api/compare?ids=1,2', 'GET'],
    ] as const) {
      const answer = await fetchFrom(visitor, pathname, method);
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 401 });
      expect(answer.body).toEqual({ error: 'Please sign in to continue.' });
    }

    // An employer account whose subscription is not active: 403 requires_subscription.
    const lapsed = await app().newPage();
    await createAccount(
      app().server,
      {
        email: uniqueEmail('lapsed'),
        userType: 'employer',
        fullName: 'Lars Unpaid',
        organization: 'Nopay Ltd',
      },
      lapsed.request,
    );
    await lapsed.goto('/employer/search');
    await lapsed.getByRole('link', { name: 'Subscribe for $40/month' }).waitFor();
    expect(await lapsed.locator('.subscribe-invitation').textContent()).toContain(
      'These tools need an active employer plan ($40/month). Subscribe to use them.',
    );
    expect(await lapsed.getByRole('searchbox').count()).toBe(0);
    expect(await lapsed.getByLabel('Sort by').count()).toBe(0);
    for (const [pathname, method] of [
      ['/api/shortlists', 'GET'],
      [MULTI_SEARCH, 'POST'],
      ['/api/compare?ids=1,2', 'GET'],
    ] as const) {
      const answer = await fetchFrom(lapsed, pathname, method);
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 403 });
      expect(answer.body).toEqual({
        success: false,
        error: SUBSCRIPTION_MESSAGE,
        requires_subscription: true,
      });
    }
  });
});
