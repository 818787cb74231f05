import path from 'node:path';
import { readOutbox } from '@agentry/platform/mail/outbox-reader';
import { sendDigests } from '@agentry/server/commands/saved-searches/send-digests';
import type { Page } from 'playwright-core';
import { createAccount, linkInMail, newestMail, screenshotFromTop, uniqueEmail } from './support/accounts';
import type { AppServer } from './support/app-server';
import { setUpApp } from './support/e2e-app';

// Searches that watch (issue 28, item 3), end to end: a subscribed employer saves the advanced
// search with a daily digest; a new agent that matches is listed; the digest runs (as
// `npm run digests -- --all` runs it); the outbox holds one e-mail naming the new agent, whose link
// opens the search showing it; the e-mail's unsubscribe link works in a browser that is not signed
// in, and the dashboard then shows the search without e-mails.

const QUERY = 'translate legal contracts';

/** Runs the digests now, every search with alerts on (the CLI's --all), on the server's own search. */
function runDigests(server: AppServer) {
  const { context } = server;
  return sendDigests(
    {
      ...context.services,
      search: (request) => context.search.search(request),
      secret: context.sessionSecret,
    },
    { everyAlerting: true },
  );
}

async function waitUntilSearchFinds(server: AppServer, id: string): Promise<void> {
  const started = Date.now();
  while (
    !(await server.context.search.search({ query: QUERY })).response.hits.some(
      (hit) => hit.document.id === id,
    )
  ) {
    if (Date.now() - started > 10_000) throw new Error('the new agent never reached the search index');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const resultNames = (page: Page) => page.locator('li.employer-hit article.agent-card h3').allTextContents();

describe('Saved searches', () => {
  const app = setUpApp();

  it('saves a search with a daily digest, e-mails the new matching agent once with a working link, and unsubscribes signed out', async () => {
    const server = app().server;
    const stamp = Date.now().toString(36);
    const employer = {
      email: uniqueEmail('watcher'),
      fullName: 'Wanda Ferreira',
      organization: 'Bluefin Legal',
    };
    const page = await app().newPage();
    await createAccount(server, { ...employer, userType: 'employer', subscribed: true }, page.request);

    // 1. The advanced search for the job, saved with a daily digest.
    await page.goto(`/employer/search?q=${encodeURIComponent(QUERY)}`);
    await page.locator('.employer-search__results .results-summary').filter({ hasText: /match/ }).waitFor();
    await page.getByRole('button', { name: 'Save this search' }).click();
    const form = page.getByRole('form', { name: 'Save this search' });
    await form.getByLabel('Name').fill('Legal translation');
    expect(await form.getByLabel('E-mail me new and changed matches').inputValue()).toBe('daily');
    await form.getByRole('button', { name: 'Save search' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved "Legal translation"' }).waitFor();
    await screenshotFromTop(page, 'saved searches 01 saved');

    // 2. A new agent that matches is listed, and another that does not.
    const name = `ContraLingo ${stamp}`;
    const fresh = await server.context.store.agents.create({
      name,
      provider: 'Lexicon Labs',
      category: 'Legal',
      role: 'Legal Translator',
      description: 'Translates legal contracts and court filings between English, French and German.',
      cost: '$49/month',
      address: `https://contralingo-${stamp}.example`,
    });
    await server.context.store.agents.create({
      name: `MenuMaker ${stamp}`,
      provider: 'Kitchen Labs',
      category: 'Hospitality',
      role: 'Menu Planner',
      description: 'Plans weekly menus for restaurants.',
      cost: '$9/month',
      address: `https://menumaker-${stamp}.example`,
    });
    await waitUntilSearchFinds(server, fresh.id);

    // 3. The digest runs: one e-mail, naming the new agent only; a second run sends nothing.
    expect(await runDigests(server)).toMatchObject({ sent: 1 });
    expect(await runDigests(server)).toMatchObject({ sent: 0 });
    const mail = await newestMail(server, employer.email, 'search_digest');
    expect(mail.text).toContain(`New: ${name} (Legal Translator, by Lexicon Labs)`);
    expect(mail.text).not.toContain('MenuMaker');
    const digests = (await readOutbox(path.join(server.context.config.dataDir, 'outbox'))).filter(
      (message) => message.to === employer.email && message.kind === 'search_digest',
    );
    expect(digests).toHaveLength(1);

    // 4. The e-mail's link opens the search, which lists the new agent.
    const searchLink = await linkInMail(server, employer.email, 'search_digest', '/employer/search');
    expect(searchLink).toBe(`/employer/search?q=${QUERY.replaceAll(' ', '+')}`);
    await page.goto(searchLink);
    await page.getByRole('heading', { level: 3, name, exact: true }).waitFor();
    expect(await resultNames(page)).toContain(name);
    expect(await page.getByRole('searchbox').inputValue()).toBe(QUERY);

    // 5. The unsubscribe link works in a browser that is not signed in.
    const unsubscribe = await linkInMail(
      server,
      employer.email,
      'search_digest',
      '/saved-searches/unsubscribe',
    );
    const stranger = await app().newPage();
    await stranger.goto(unsubscribe);
    await stranger.getByRole('button', { name: 'Stop these e-mails' }).click();
    await stranger.getByRole('heading', { level: 1, name: 'E-mails stopped' }).waitFor();
    await stranger.getByText('You will receive no more digests about "Legal translation"').waitFor();

    // 6. The dashboard lists the search, now without e-mails, and opens it.
    await page.goto('/employer-dashboard');
    const panel = page.getByRole('region', { name: /^Saved searches/ });
    await panel.getByRole('heading', { level: 3, name: 'Legal translation' }).waitFor();
    expect(await panel.getByLabel('E-mail alert for Legal translation').inputValue()).toBe('off');
    await screenshotFromTop(page, 'saved searches 02 dashboard');
    await panel.getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(`**${searchLink}`);
  });
});
