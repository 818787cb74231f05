import type { Page } from 'playwright-core';
import {
  createAccount,
  fillAccountSetup,
  fillAgentForm,
  linkInMail,
  PASSWORD,
  registerAgentByApi,
  screenshotFromTop,
  signIn,
  uniqueEmail,
} from './support/accounts';
import { setUpApp } from './support/e2e-app';
import { card, SEARCH_BOX } from './support/page-helpers';

// A provider's paths (docs/accounts.md): the first agent free, an e-mail that has an account, a
// second agent that needs the provider plan (account, test checkout, e-mail confirmation, dashboard
// with inline edit and delete), and a checkout left without paying.

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name });

async function submitRegistration(page: Page): Promise<void> {
  await page
    .getByRole('form', { name: 'Register your agent' })
    .getByRole('button', { name: 'Register Agent' })
    .click();
}

/**
 * On /account-setup after the registration: the e-mail is shown as text under "E-mail" and cannot
 * be changed (no e-mail field to type in); the form still carries it, read-only, as the username.
 */
async function expectReadOnlyEmail(page: Page, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Account setup' });
  const shown = form.locator('dt:text-is("E-mail") + dd');
  await shown.waitFor();
  expect(await shown.textContent()).toBe(email);
  expect(await form.getByRole('textbox', { name: /e-mail/i }).count()).toBe(0);
  expect(await form.getByLabel(/e-mail/i).count()).toBe(0);
  const username = form.locator('input[name="email"]');
  expect(await username.inputValue()).toBe(email);
  expect(await username.isEditable()).toBe(false);
}

/** The test checkout page for the provider plan, checked in its own words. */
async function expectProviderCheckout(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/checkout\/test\/cs_test_/);
  await heading(page, 'Test checkout').waitFor();
  const plan = page.getByRole('region', { name: 'Provider plan' });
  await plan.waitFor();
  expect(await page.getByRole('note').first().textContent()).toContain('TEST MODE');
  expect((await plan.textContent())?.replace(/\s+/g, '')).toContain('$5.00/month');
  expect(await plan.textContent()).toContain(email);
}

describe('Provider signup', () => {
  const app = setUpApp();

  it('registers a first agent free and goes on to account setup with the e-mail read-only, saying the agent waits for its address', async () => {
    const email = uniqueEmail('first-agent');
    const page = await app().open('/register-agent');
    await heading(page, 'Register your AI agent').waitFor();
    const form = page.getByRole('form', { name: 'Register your agent' });
    // The role list waits for a category.
    expect(await form.getByLabel('Role', { exact: true }).isDisabled()).toBe(true);
    await fillAgentForm(page, { email, name: 'Tallyfern', category: 'Finance', role: 'Accountant' });
    await screenshotFromTop(page, 'provider 01 registration filled');
    await submitRegistration(page);

    await page.waitForURL('**/account-setup?email=*');
    await heading(page, 'Complete Your Account Setup').waitFor();
    await expectReadOnlyEmail(page, email);
    // Said once: the heading, then the rest of the server's message (01bf7a9).
    await heading(page, 'Your agent is registered', 2).waitFor();
    expect(await page.getByRole('status').first().textContent()).toBe(
      `We sent a message to ${email} with the next step: the agent is listed once the link in it is opened, within 7 days.`,
    );
    const plan = page.getByRole('complementary', { name: 'Provider plan' });
    expect(await plan.textContent()).toContain('$5 per month');
    await screenshotFromTop(page, 'provider 02 account setup');

    // Not listed until its address is confirmed (docs/accounts.md, ownership).
    const found = await (await page.request.get(`/api/search?query=Tallyfern`)).json();
    expect((found as Array<{ name: string }>).map((agent) => agent.name)).not.toContain('Tallyfern');
  });

  it('answers an e-mail that has an account as any other (account setup), and the claim link, opened signed in, adds the agent', async () => {
    const email = uniqueEmail('has-account');
    await createAccount(app().server, { email });
    const page = await app().open('/register-agent');
    await fillAgentForm(page, { email, name: 'Brindlequill', category: 'Legal', role: 'Paralegal' });
    await submitRegistration(page);

    // The same answer whatever the address has: nobody learns here who has an account.
    await page.waitForURL('**/account-setup?email=*');
    expect(await page.getByRole('status').first().textContent()).toContain(
      `We sent a message to ${email} with the next step`,
    );
    await screenshotFromTop(page, 'provider 03 registered under an address with an account');

    // The holder of the address signs in (the message in the mail says so).
    await page.goto('/signin');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await heading(page, 'Provider dashboard').waitFor();
    const notice = page.getByRole('region', { name: 'E-mail confirmation' });
    await notice.waitFor();
    // Only what the account's holder registered is counted: this came from a browser signed out.
    expect(await notice.textContent()).toContain(
      `Confirm your e-mail address. We sent a link to ${email}. Agents registered under this address are listed and yours once it is confirmed.`,
    );
    await screenshotFromTop(page, 'provider 04 dashboard waiting for confirmation');

    const link = await linkInMail(app().server, email, 'claim_agent', '/verify-email');
    await page.goto(link);
    // The server's message, said once: it counts the agents the link added.
    const confirmed = `Your e-mail address ${email} is confirmed. 1 agent was added to your account.`;
    await page.getByText(confirmed).waitFor();
    expect(await page.getByRole('main').getByRole('status').allTextContents()).toEqual([confirmed]);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.getByRole('article', { name: 'Brindlequill' }).waitFor();
    expect(await page.getByRole('region', { name: 'E-mail confirmation' }).count()).toBe(0);

    // The link works once.
    await page.goto(link);
    await page.getByRole('alert').waitFor();
    expect(await page.getByText(/Links work once and expire after 48 hours/).count()).toBe(1);
  });

  it('asks for the provider plan for a second agent, then subscribes, confirms the e-mail, edits and deletes', async () => {
    const email = uniqueEmail('second-agent');
    const first = 'Ledgerwick';
    const second = 'Receiptowl';
    const renamed = `Quorblax Tallybook ${Date.now().toString(36)}`;
    await registerAgentByApi(app().server, { email, name: first });

    // The free listing is used: the server's message and the way to the plan.
    const page = await app().open('/register-agent');
    await fillAgentForm(page, { email, name: second, category: 'Finance', role: 'Bookkeeper' });
    await submitRegistration(page);
    const prompt = page.getByRole('alert').filter({ hasText: 'already registered' });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(
      'An agent is already registered under this e-mail address. To add more, sign in to the account of this address, or create it, and subscribe to the provider plan ($5/month).',
    );
    await screenshotFromTop(page, 'provider 05 free listing used');
    await prompt.getByRole('button', { name: 'Create Account & Subscribe' }).click();

    // Account setup, then the test checkout.
    await page.waitForURL('**/account-setup?email=*');
    await heading(page, 'Complete Your Account Setup').waitFor();
    await expectReadOnlyEmail(page, email);
    await fillAccountSetup(page);
    await page.getByRole('button', { name: 'Create Account & Subscribe' }).click();
    await expectProviderCheckout(page, email);
    await screenshotFromTop(page, 'provider 06 test checkout');
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the site: the subscription is confirmed.
    await page.waitForURL('**/subscription/success?session_id=*');
    await heading(page, 'Welcome to the Provider plan!').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'provider page' }).count()).toBeGreaterThan(0);
    for (const [name, href] of [
      ['Manage Agents', '/dashboard'],
      ['Browse Agents', '/'],
      ['Register Another Agent', '/register-agent'],
    ]) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await screenshotFromTop(page, 'provider 07 subscription success');

    // The claim link sent when the agent was registered (from another browser) lists the waiting
    // agent and gives it to the account; the account's own verification link would not name it.
    await page.goto(await linkInMail(app().server, email, 'claim_agent', '/verify-email'));
    await heading(page, 'Your e-mail address is confirmed').waitFor();
    const confirmed = `Your e-mail address ${email} is confirmed. 1 agent was added to your account.`;
    await page.getByText(confirmed).waitFor();
    expect(await page.getByRole('main').getByRole('status').allTextContents()).toEqual([confirmed]);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await heading(page, 'Provider dashboard').waitFor();
    await page.getByRole('article', { name: first }).waitFor();

    // Subscribed, the second agent is accepted and is the account's at once.
    await page.getByRole('link', { name: 'Add another agent' }).click();
    await heading(page, 'Register your AI agent').waitFor();
    await page.waitForFunction(
      (expected) =>
        (document.getElementById('register-email') as HTMLInputElement | null)?.value === expected,
      email,
    );
    await fillAgentForm(page, { email, name: second, category: 'Finance', role: 'Bookkeeper' });
    await submitRegistration(page);
    await page.waitForURL('**/dashboard');
    await page.getByText('Your agent is listed and added to your account.').waitFor();
    await page.getByRole('article', { name: second }).waitFor();
    expect(await heading(page, /^Your agents/, 2).textContent()).toBe('Your agents (2)');
    await screenshotFromTop(page, 'provider 08 dashboard with agents');

    // A home page open in another window, to search the moment the edit is saved.
    const home = await app().open('/');

    // Inline edit: a new name, saved.
    await page.getByRole('button', { name: `Edit ${second}` }).click();
    const editor = page.getByRole('form', { name: `Edit ${second}` });
    await editor.getByLabel('Name', { exact: true }).fill(renamed);
    await screenshotFromTop(page, 'provider 09 inline edit');
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/api/users/agents/'),
    );
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    const savedAt = Date.now();
    await page.getByRole('article', { name: renamed }).waitFor();
    expect(await page.getByRole('article', { name: renamed }).getByRole('status').textContent()).toBe(
      'Changes saved',
    );

    // The home search finds the new name. How soon is a benchmark's figure, not a browser test's
    // (bench:search measures "a change searchable after", on a machine whose load it reports): on
    // CI's two busy cores the browser alone can take a second to render, so here it must be found
    // within a generous deadline, and the time is printed with E2E_TIMINGS=1.
    await searchUntilFound(home, renamed, savedAt + 15_000);
    if (process.env.E2E_TIMINGS)
      console.log(`the new name was found ${Date.now() - savedAt} ms after the save`);
    expect(await card(home, renamed).count()).toBeGreaterThan(0);
    await screenshotFromTop(home, 'provider 10 home search finds the new name');

    // Delete, after the confirmation.
    await page.getByRole('button', { name: `Delete ${first}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete ${first}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('This cannot be undone');
    await screenshotFromTop(page, 'provider 11 delete confirmation');
    await dialog.getByRole('button', { name: 'Delete agent' }).click();
    await page.getByRole('article', { name: first }).waitFor({ state: 'detached' });
    expect(await heading(page, /^Your agents/, 2).textContent()).toBe('Your agents (1)');
    expect(await page.getByRole('article', { name: renamed }).count()).toBe(1);

    // Still gone after a reload (the server deleted it, not just the page), and gone from search,
    // where the old name of the edited agent is no longer found either.
    await page.reload();
    await page.getByRole('article', { name: renamed }).waitFor();
    expect(await page.getByRole('article', { name: first }).count()).toBe(0);
    expect(await searchedNamesOnceGone(page, first)).not.toContain(first);
    expect(await searchedNamesOnceGone(page, second)).not.toContain(second);
  });

  it("says 'No session ID found' and 'Failed to verify your subscription' on a success page it cannot trust", async () => {
    const page = await app().open('/subscription/success');
    expect(await page.getByRole('alert').textContent()).toBe('No session ID found');
    // Signed out: the server verifies a checkout only for the account that opened it.
    await page.goto('/subscription/success?session_id=cs_test_doesnotexist123');
    await page.getByText('Sign in to the account you paid with to see your subscription.').waitFor();
    const email = uniqueEmail('success-page');
    await createAccount(app().server, { email });
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/signin');
    await signIn(page, email);
    // Back on the success page, signed in: a checkout this account never opened.
    await page.waitForURL('**/subscription/success?session_id=cs_test_doesnotexist123');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Failed to verify your subscription. Please contact support.',
    );
    expect(await page.getByRole('heading', { level: 1, name: /Welcome/ }).count()).toBe(0);
  });

  it('says nothing was charged when the checkout is cancelled', async () => {
    const email = uniqueEmail('cancelled');
    const page = await app().open(`/account-setup?email=${encodeURIComponent(email)}`);
    await heading(page, 'Complete Your Account Setup').waitFor();
    // From a link (?email=) the address is filled in but stays editable: a link can carry any address.
    const field = page.getByRole('form', { name: 'Account setup' }).getByLabel('E-mail');
    expect(await field.inputValue()).toBe(email);
    expect(await field.isEditable()).toBe(true);
    await fillAccountSetup(page);
    await page.getByRole('button', { name: 'Create Account & Subscribe' }).click();
    await expectProviderCheckout(page, email);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL('**/subscription/cancel');
    await heading(page, 'Checkout cancelled').waitFor();
    // The account just made has not confirmed its address: nothing it registered is listed yet.
    expect(await page.getByText(/No charges were made/).textContent()).toContain(
      'Your account is still there. What you registered is listed once you open the link in the e-mail we sent',
    );
    for (const [name, href] of [
      ['Try Again', '/register-agent'],
      ['Browse Agents', '/directory'],
      ['Return to Home', '/'],
    ]) {
      expect(await page.getByRole('main').getByRole('link', { name, exact: true }).getAttribute('href')).toBe(
        href,
      );
    }
    await screenshotFromTop(page, 'provider 12 checkout cancelled');
    const me = (await (await page.request.get('/api/auth/me')).json()) as {
      user: { subscription_status: string };
    };
    expect(me.user.subscription_status).toBe('inactive');
  });
});

/**
 * Names the search API finds for `query`, asked again until `gone` is not among them or 15 s (a
 * hang's limit) have passed: the indexer applies a change at its next poll, which on a busy machine
 * can come later than the 100 ms this waited once.
 */
async function searchedNamesOnceGone(page: Page, gone: string): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await page.request.get(`/api/search?query=${encodeURIComponent(gone)}`);
    const names = ((await answer.json()) as Array<{ name: string }>).map((agent) => agent.name);
    if (!names.includes(gone) || Date.now() > deadline) return names;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Searches `name` on the home page until its card shows, reloading with ?query= while the index
 * has not caught up and the deadline is not past.
 */
async function searchUntilFound(page: Page, name: string, deadline: number): Promise<void> {
  await page.locator(SEARCH_BOX).fill(name);
  await page.locator(SEARCH_BOX).press('Enter');
  for (;;) {
    await page.locator('.search-results .results-summary').filter({ hasText: /match/ }).waitFor();
    if ((await card(page, name).count()) > 0 || Date.now() > deadline) return;
    await page.goto(`/?query=${encodeURIComponent(name)}`);
  }
}
