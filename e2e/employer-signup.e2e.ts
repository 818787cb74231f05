import type { Locator, Page } from 'playwright-core';
import { PASSWORD, screenshotFromTop, uniqueEmail } from './support/accounts';
import { setUpApp } from './support/e2e-app';

// An employer signs up for the $40/month plan (spec sections 2 and 5): the form's messages, the
// test checkout, the success page, the employer dashboard and its organization profile, which is
// saved on the server (the spec's version saved nothing, so edits vanished on reload).

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name });

/** The value shown beside a term of the profile ("Organization" → "Navy Labs"). */
const fact = (profile: Locator, term: string) => profile.locator(`dt:text-is("${term}") + dd`).textContent();

describe('Employer signup', () => {
  const app = setUpApp();

  it("shows the spec's messages, then subscribes through the test checkout and keeps the edited profile", async () => {
    const email = uniqueEmail('employer');
    const page = await app().open('/employer-signup');
    await heading(page, 'Create your employer account').waitFor();
    const plan = page.getByRole('complementary');
    expect(await plan.textContent()).toContain('$40');

    // A bad submit: every message under its field, nothing sent.
    const form = page.getByRole('form', { name: 'Employer account' });
    await form.getByLabel('E-mail').fill('grace-at-navy');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(`${PASSWORD}!`);
    await form.getByRole('button', { name: 'Create Account & Subscribe' }).click();
    for (const message of [
      'Email is invalid',
      'Passwords do not match',
      'Full name is required',
      'Organization is required',
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    expect(await form.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/employer-signup');
    await screenshotFromTop(page, 'employer 01 signup messages');

    // Put right, it creates the account and opens the checkout.
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByLabel('Full name').fill('Grace Hopper');
    await form.getByLabel('Organization').fill('Navy Labs');
    await form.getByRole('button', { name: 'Create Account & Subscribe' }).click();

    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    const checkout = page.getByRole('region', { name: 'Employer plan' });
    await checkout.waitFor();
    expect(await page.getByRole('note').first().textContent()).toContain('TEST MODE');
    // The new account's e-mail confirmation banner stands apart from the TEST MODE band under it.
    const confirmBanner = await page.getByRole('region', { name: 'E-mail confirmation' }).boundingBox();
    const testBand = await page.locator('.test-mode-banner').boundingBox();
    expect(testBand!.y - (confirmBanner!.y + confirmBanner!.height)).toBeGreaterThanOrEqual(8);
    expect((await checkout.textContent())?.replace(/\s+/g, '')).toContain('$40.00/month');
    expect(await checkout.textContent()).toContain(email);
    await screenshotFromTop(page, 'employer 02 test checkout');
    const checkoutPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL('**/subscription/success?session_id=*');
    await heading(page, 'Welcome to the Employer plan!').waitFor();
    expect(await page.getByRole('main').getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Browse Agents' }).getAttribute('href')).toBe('/');
    await screenshotFromTop(page, 'employer 03 subscription success');

    // The paid checkout cannot be paid twice.
    const again = await app().open(checkoutPath);
    await again.getByRole('alert').waitFor();
    expect(await again.getByRole('alert').textContent()).toBe('This checkout is already paid.');
    expect(await again.getByRole('button', { name: 'Pay' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();

    // The employer dashboard.
    await page.waitForURL('**/employer-dashboard');
    await heading(page, 'Welcome, Grace Hopper').waitFor();
    expect(await page.getByRole('link', { name: 'Search AI Agents' }).getAttribute('href')).toBe('/');
    const profile = page.getByRole('region', { name: 'Organization profile' });
    expect(await fact(profile, 'Organization')).toBe('Navy Labs');
    expect(await fact(profile, 'E-mail')).toBe(email);
    expect(await page.getByRole('region', { name: 'Subscription' }).textContent()).toContain('Active');
    await screenshotFromTop(page, 'employer 04 dashboard');

    // Edit the profile, save, reload: the new values are the server's.
    await profile.getByRole('button', { name: 'Edit organization profile' }).click();
    const editor = page.getByRole('form', { name: 'Edit organization profile' });
    await editor.getByLabel('Organization').fill('Naval Research Lab');
    await editor.getByLabel('Full name').fill('Grace B. Hopper');
    await editor.getByLabel(/^Phone/).fill('+1 555 0199');
    await screenshotFromTop(page, 'employer 05 profile edit');
    await editor.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Your profile has been saved.').waitFor();
    expect(await fact(profile, 'Organization')).toBe('Naval Research Lab');

    await page.reload();
    await heading(page, 'Welcome, Grace B. Hopper').waitFor();
    const reloaded = page.getByRole('region', { name: 'Organization profile' });
    expect(await fact(reloaded, 'Organization')).toBe('Naval Research Lab');
    expect(await fact(reloaded, 'Contact')).toBe('Grace B. Hopper');
    expect(await fact(reloaded, 'Phone')).toBe('+1 555 0199');
    expect(await fact(reloaded, 'E-mail')).toBe(email);
    await screenshotFromTop(page, 'employer 06 dashboard after reload');
  });
});
