import path from 'node:path';
import { readOutbox } from '@agentry/platform/mail/outbox-reader';
import type { Page } from 'playwright-core';
import {
  createAccount,
  horizontalOverflow,
  newestMail,
  PASSWORD,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// Three money and verification moments of issue 25 walked as people meet them, at a desktop and a
// phone width: a visitor learns what comparing and asking for a demo need at the first pick (before
// effort is spent), an employer who leaves the checkout is sent back to the employer checkout (not
// the provider's registration) and, unpaid, finds no error on the dashboard, and an employer whose
// address is unconfirmed sees why and can have the link sent again, on any page and in the contact
// dialog. On every screen axe finds nothing serious or critical and nothing scrolls sideways.

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name });

/** No serious axe violation and no sideways scroll on the screen as it is now. */
async function expectClean(page: Page, screen: string): Promise<void> {
  await screenshotFromTop(page, screen);
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect({ screen, scrollWidth }).toEqual({ screen, scrollWidth: clientWidth });
  expect((await seriousViolations(page)).map((violation) => `${screen}: ${violation.id}`)).toEqual([]);
}

describe('Money and verification moments', () => {
  const app = setUpApp();

  /** How many address confirmation links the outbox holds for `email`. */
  const verificationMails = async (email: string) =>
    (await readOutbox(path.join(app().server.context.config.dataDir, 'outbox'))).filter(
      (mail) => mail.to === email && mail.kind === 'verify_email',
    ).length;

  const agentPath = async (name: string) =>
    `/agents/${(await app().server.context.store.agents.list()).find((agent) => agent.name === name)!.id}`;

  describe.each([1280, 360])('at %i px', (width) => {
    const newPage = () => app().newPage({ width, height: width === 360 ? 740 : 800, bypassCSP: true });

    it('tells a visitor what comparing and a demo request need at the first pick', async () => {
      const page = await newPage();
      await page.goto(await agentPath('ReplyRanch'));
      await heading(page, 'ReplyRanch').waitFor();

      // Contact / Request demo: the dialog says what it needs instead of a form to fill in.
      await page.getByRole('button', { name: 'Contact / Request demo (ReplyRanch)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact the provider of ReplyRanch' });
      await dialog.waitFor();
      expect(await dialog.locator('.subscribe-invitation').textContent()).toContain(
        'These tools come with the employer plan ($40/month).',
      );
      expect(await dialog.getByRole('textbox').count()).toBe(0);
      expect(
        await dialog.getByRole('link', { name: 'Create an employer account' }).getAttribute('href'),
      ).toBe('/employer-signup');
      await expectClean(page, `money ${width}px 01 visitor contact dialog`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Compare: the tray names the plan and the way to it from the first agent picked.
      await page.getByRole('button', { name: 'Compare ReplyRanch', exact: true }).click();
      const tray = page.getByRole('complementary', { name: 'Agents to compare' });
      const plan = tray.locator('.compare-bar__plan');
      await plan.waitFor();
      expect(await plan.textContent()).toBe(
        'Comparing is part of the employer plan ($40/month). Get the employer plan',
      );
      await expectClean(page, `money ${width}px 02 visitor compare tray`);
      await tray.getByRole('link', { name: 'Get the employer plan' }).click();
      await page.waitForURL('**/employer-signup');
      await heading(page, 'Create your employer account').waitFor();
    });

    it('sends an employer who cancels the checkout back to the employer checkout', async () => {
      const email = uniqueEmail(`money-cancel-${width}`);
      const page = await newPage();
      await page.goto('/employer-signup');
      const form = page.getByRole('form', { name: 'Employer account' });
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Confirm password').fill(PASSWORD);
      await form.getByLabel('Full name').fill('Grace Hopper');
      await form.getByLabel('Organization').fill('Navy Labs');
      await form.getByRole('button', { name: 'Create Account & Subscribe' }).click();
      await page.waitForURL(/\/checkout\/test\//);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();

      await page.waitForURL('**/subscription/cancel');
      await heading(page, 'Checkout cancelled').waitFor();
      const said = await page.getByRole('main').locator('.subscription-card p').first().textContent();
      expect(said).toContain('No charges were made. Your employer account is still there');
      expect(said).not.toContain('what you listed stays listed');
      await expectClean(page, `money ${width}px 03 employer checkout cancelled`);

      await page.getByRole('main').getByRole('link', { name: 'Try Again', exact: true }).click();
      await heading(page, 'Upgrade Your Account').waitFor();
      await expectClean(page, `money ${width}px 04 employer try again`);
      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await page.waitForURL(/\/checkout\/test\//);
      const checkout = page.getByRole('region', { name: 'Employer plan' });
      await checkout.waitFor();
      expect((await checkout.textContent())?.replace(/\s+/g, '')).toContain('$40.00/month');
      expect(await checkout.textContent()).toContain(email);

      // Still unpaid, the dashboard says what the plan adds, with no error in red.
      await page.goto('/employer-dashboard');
      await heading(page, 'Welcome, Grace Hopper').waitFor();
      const requests = page.getByRole('region', { name: /^Your requests/ });
      await requests
        .getByText('Contact and demo requests to providers are part of the employer plan', { exact: false })
        .waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.notice--error').count()).toBe(0);
      expect(await page.getByText('We could not load your requests.').count()).toBe(0);
      await expectClean(page, `money ${width}px 05 unpaid employer dashboard`);
    });

    it('shows an employer with an unconfirmed address why it matters, with Resend, on a page and in the contact dialog', async () => {
      const email = uniqueEmail(`money-unconfirmed-${width}`);
      const page = await newPage();
      await createAccount(
        app().server,
        { email, userType: 'employer', subscribed: true, fullName: 'Lin Park', organization: 'Park & Co' },
        page.request,
      );
      await page.goto(await agentPath('ReplyRanch'));
      await heading(page, 'ReplyRanch').waitFor();
      const banner = page.getByRole('region', { name: 'E-mail confirmation' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain(
        'Contact and demo requests to providers, and reviews, need a confirmed address.',
      );
      await expectClean(page, `money ${width}px 06 employer unconfirmed banner`);

      await page.getByRole('button', { name: 'Contact / Request demo (ReplyRanch)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact the provider of ReplyRanch' });
      const inDialog = dialog.getByRole('region', { name: 'E-mail confirmation' });
      await inDialog.waitFor();
      await newestMail(app().server, email, 'verify_email');
      const before = await verificationMails(email);
      await inDialog.getByRole('button', { name: 'Resend link' }).click();
      await inDialog.getByText(`We sent a new link to ${email}.`).waitFor();
      // A second link in the outbox (the queue writes it in the background: wait for it, not a time).
      let sent = await verificationMails(email);
      for (let tries = 0; sent <= before && tries < 400; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        sent = await verificationMails(email);
      }
      expect(sent).toBe(before + 1);
      await expectClean(page, `money ${width}px 07 employer contact dialog unconfirmed`);
    });
  });
});
