import type { Locator, Page } from 'playwright-core';
import { createAccount, newestMail, screenshotFromTop, uniqueEmail } from './support/accounts';
import { setUpApp } from './support/e2e-app';

// /subscription/manage (spec sections 2, 4 and 6): the badge, the billing period and the next
// billing date as long US dates; cancelling asks first, warns that access ends with the billing
// period and leaves the badge at Canceling with the date; Reactivate undoes it.

interface StripeData {
  current_period_start: number;
  current_period_end: number;
}

/** "January 5, 2027": the long US date, as the billing dates are given in UTC. */
const longUsDate = (unixSeconds: number) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(unixSeconds * 1000));
const LONG_US_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

/** The value shown beside a term of the summary ("Status" → "Active"), or null when it is not shown. */
async function fact(card: Locator, term: string): Promise<string | null> {
  const value = card.locator(`dt:text-is("${term}") + dd`);
  return (await value.count()) === 0 ? null : value.textContent();
}

async function billing(page: Page): Promise<StripeData> {
  const answer = (await (await page.request.get('/api/users/subscription')).json()) as {
    stripe_data: StripeData;
  };
  return answer.stripe_data;
}

describe('Subscription manage', () => {
  const app = setUpApp();

  it('shows Active with long US dates, cancels at the period end after a warning, and reactivates', async () => {
    const email = uniqueEmail('manage');
    const page = await app().newPage();
    await createAccount(app().server, { email, subscribed: true }, page.request);
    const { current_period_start, current_period_end } = await billing(page);
    const start = longUsDate(current_period_start);
    const end = longUsDate(current_period_end);
    expect(end).toMatch(LONG_US_DATE);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Manage Subscription' }).click();
    await page.waitForURL('**/subscription/manage');
    await page.getByRole('heading', { level: 1, name: 'Manage your subscription' }).waitFor();
    const card = page.getByRole('region', { name: 'Provider plan' });
    await card.waitFor();
    const badge = card.locator('.status-badge');
    expect(await badge.textContent()).toBe('Active');
    expect(await fact(card, 'Price')).toBe('$5/month');
    expect(await fact(card, 'Billing period')).toBe(`${start} – ${end}`);
    expect(await fact(card, 'Next billing date')).toBe(end);
    expect(await page.getByRole('note').textContent()).toContain('TEST MODE');
    await screenshotFromTop(page, 'manage 01 active');

    // Cancel: the confirmation says access lasts until the end of the billing period.
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await dialog.waitFor();
    const warning = (await dialog.textContent())?.replace(/\s+/g, ' ');
    expect(warning).toContain(`stays active until the end of the current billing period, on ${end}`);
    expect(warning).toContain('After that date you lose access');
    await screenshotFromTop(page, 'manage 02 cancel confirmation');
    await dialog.getByRole('button', { name: 'Yes, cancel subscription' }).click();

    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Reactivate Subscription' }).waitFor();
    expect(await badge.textContent()).toBe('Canceling');
    expect(await card.getByText(`Your subscription will be canceled on ${end}.`).count()).toBe(1);
    expect(await fact(card, 'Next billing date')).toBeNull();
    expect(await card.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await screenshotFromTop(page, 'manage 03 canceling');
    expect((await newestMail(app().server, email, 'subscription_cancelled')).text).toContain(end);

    // The server keeps it: a reload shows the same.
    await page.reload();
    await page
      .getByRole('region', { name: 'Provider plan' })
      .getByRole('button', { name: 'Reactivate Subscription' })
      .waitFor();
    expect(await badge.textContent()).toBe('Canceling');

    await card.getByRole('button', { name: 'Reactivate Subscription' }).click();
    await card.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    expect(await badge.textContent()).toBe('Active');
    expect(await fact(card, 'Next billing date')).toBe(end);
    expect(await card.getByText(/will be canceled/).count()).toBe(0);
    await newestMail(app().server, email, 'subscription_reactivated');
    await screenshotFromTop(page, 'manage 04 reactivated');
  });

  it("shows an employer's plan at $40/month", async () => {
    const email = uniqueEmail('manage-employer');
    const page = await app().newPage();
    await createAccount(app().server, { email, userType: 'employer', subscribed: true }, page.request);
    await page.goto('/subscription/manage');
    const card = page.getByRole('region', { name: 'Employer plan' });
    await card.waitFor();
    expect(await card.locator('.status-badge').textContent()).toBe('Active');
    expect(await fact(card, 'Price')).toBe('$40/month');
    expect(await fact(card, 'Next billing date')).toMatch(LONG_US_DATE);
    expect(await page.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe(
      '/employer-dashboard',
    );
  });
});
