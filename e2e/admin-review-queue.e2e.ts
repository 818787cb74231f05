import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN, ADMIN_ENV, fillAgentForm, screenshotFromTop } from './support/accounts';
import { setUpApp } from './support/e2e-app';

// Issue 21, address-less listings, in the browser: a visitor registers an agent without an e-mail
// address and is told it waits for staff review; a second one from the same client the same day is
// refused with a clear message; the agent is not public; staff find it in the review queue of the
// admin dashboard, approve it (public search finds it then) and reject another (gone for good);
// the audit log keeps both.

// Under the heading "Your agent is registered", the rest of the server's message (01bf7a9).
const REVIEW_MESSAGE = 'Without an e-mail address it is listed once our staff have reviewed it.';

async function searchedNames(page: Page, query: string): Promise<string[]> {
  const answer = await page.request.get(`/api/search?query=${encodeURIComponent(query)}`);
  return ((await answer.json()) as Array<{ name: string }>).map((agent) => agent.name);
}

describe('Staff review of agents registered without an e-mail address', () => {
  // One a day per client, as in production (the harness lifts it for the other files).
  const app = setUpApp({
    env: {
      ...ADMIN_ENV,
      RATE_LIMIT_ADDRESS_LESS_PER_DAY: '1',
    },
  });

  it('holds the first for review, refuses the second, and staff approve one and reject another from the review queue', async () => {
    const stamp = Date.now().toString(36);
    const kept = `Quietquill ${stamp}`;
    const dropped = `Squatsworth ${stamp}`;

    // 1. A visitor registers without an e-mail: on to account setup, told the agent waits for staff.
    const visitor = await app().open('/register-agent');
    await fillAgentForm(visitor, { email: '', name: kept, category: 'Finance', role: 'Bookkeeper' });
    await visitor.getByRole('button', { name: 'Register Agent' }).click();
    await visitor.waitForURL('**/account-setup');
    await visitor.getByRole('status').filter({ hasText: 'reviewed' }).waitFor();
    expect(await visitor.getByRole('status').filter({ hasText: 'reviewed' }).textContent()).toBe(
      REVIEW_MESSAGE,
    );
    await visitor.getByRole('heading', { level: 2, name: 'Your agent is registered' }).waitFor();
    await screenshotFromTop(visitor, 'review 01 registered without an address');

    // 2. A second one the same day, from the same client: refused, said plainly, nothing saved.
    await visitor.goto('/register-agent');
    await fillAgentForm(visitor, { email: '', name: dropped, category: 'Finance', role: 'Bookkeeper' });
    await visitor.getByRole('button', { name: 'Register Agent' }).click();
    const refused = visitor.getByRole('alert').filter({ hasText: 'without an e-mail address a day' });
    await refused.waitFor();
    expect(await refused.textContent()).toBe(
      'You can register one agent without an e-mail address a day. Add your e-mail address to register another now, or try again tomorrow.',
    );
    await screenshotFromTop(visitor, 'review 02 second refused');
    expect(await searchedNames(visitor, kept)).not.toContain(kept);

    // Another client's registration without an address, for staff to reject.
    await app().server.context.store.agents.create({
      name: dropped,
      provider: 'Someone Else',
      category: 'Finance',
      role: 'Bookkeeper',
      description: 'Claims a name it does not make.',
      cost: 'Free',
      address: 'https://squat.example.com',
      held_for: 'review',
    });

    // 3. Staff sign in; the review queue shows both.
    const page = await app().open('/admin?section=review');
    const login = page.getByRole('form', { name: 'Admin login' });
    await login.getByLabel('Username').fill(ADMIN.username);
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    const queue = page.getByRole('region', { name: /Review queue/ });
    await queue.getByRole('heading', { name: 'Review queue (2 waiting)' }).waitFor();
    await queue.locator('strong', { hasText: kept }).waitFor();
    // With E2E_SCREENSHOTS, the panel alone (the whole dashboard is long).
    if (process.env.E2E_SCREENSHOTS)
      await queue.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, 'review 03 queue.png') });

    // 4. Approve one: listed, and public search finds it; reject the other: deleted.
    await queue.getByRole('button', { name: `Approve ${kept}` }).click();
    await queue.getByText('Approved: listed').waitFor();
    await queue.getByRole('button', { name: `Reject ${dropped}` }).click();
    await queue.getByText('Rejected: deleted').waitFor();
    await queue.getByRole('heading', { name: 'Review queue (0 waiting)' }).waitFor();
    for (let tries = 0; !(await searchedNames(page, kept)).includes(kept); tries++) {
      if (tries > 100) throw new Error(`search does not find ${kept}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await searchedNames(page, dropped)).not.toContain(dropped);
    await screenshotFromTop(page, 'review 04 decided');

    // 5. The audit log (its own section) keeps both decisions, by this admin.
    await page
      .getByRole('navigation', { name: 'Staff area sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const audit = page.getByRole('region', { name: 'Audit log' });
    const filters = audit.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Action').selectOption({ label: 'approve' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await audit.getByRole('cell', { name: `agent ${kept}` }).waitFor();
    await filters.getByLabel('Action').selectOption({ label: 'reject' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await audit.getByRole('cell', { name: `agent ${dropped}` }).waitFor();
  }, 180_000);
});
