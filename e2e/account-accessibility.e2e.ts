import type { Page } from 'playwright-core';
import {
  fillAccountSetup,
  fillAgentForm,
  horizontalOverflow,
  linkInMail,
  PASSWORD,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// The account screens, walked as a provider and as an employer would, at a desktop and a phone
// width: axe-core finds no serious or critical issue on any of them (states with messages and
// dialogs included), and at 360 px none scrolls sideways. Each walk reports every screen's
// problems together, so one run shows them all.

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name });

/** Checks screens one after another and remembers what is wrong with each. */
function screenChecker(page: Page, width: number, walk: string) {
  const problems: string[] = [];
  let step = 0;
  return {
    problems,
    async check(screen: string): Promise<void> {
      step += 1;
      await screenshotFromTop(page, `a11y ${walk} ${width}px ${String(step).padStart(2, '0')} ${screen}`);
      for (const violation of await seriousViolations(page)) {
        const where = violation.nodes.map((node) => node.target.join(' ')).join(', ');
        problems.push(`${screen}: ${violation.impact} ${violation.id} at ${where}`);
      }
      const { scrollWidth, clientWidth } = await horizontalOverflow(page);
      if (scrollWidth > clientWidth) {
        problems.push(`${screen}: scrolls sideways (${scrollWidth} px of content in ${clientWidth} px)`);
      }
    },
  };
}

describe('Account screens: accessibility and small screens', () => {
  const app = setUpApp();

  describe.each([1280, 360])('at %i px', (width) => {
    const newPage = () => app().newPage({ width, height: width === 360 ? 740 : 800, bypassCSP: true });

    it('has no serious issue and no sideways scroll on the provider screens', async () => {
      const email = uniqueEmail(`a11y-provider-${width}`);
      const page = await newPage();
      const { check, problems } = screenChecker(page, width, 'provider');

      await page.goto('/register-agent');
      const registration = page.getByRole('form', { name: 'Register your agent' });
      await registration
        .getByLabel('Category', { exact: true })
        .locator('option')
        .nth(1)
        .waitFor({ state: 'attached' });
      await check('registration');
      await registration.getByRole('button', { name: 'Register Agent' }).click();
      await registration.getByText('Name is required').waitFor();
      await check('registration with messages');
      await fillAgentForm(page, { email, name: `Accessowl ${width}` });
      await registration.getByRole('button', { name: 'Register Agent' }).click();
      await heading(page, 'Complete Your Account Setup').waitFor();
      await check('account setup');

      // A second agent for the same e-mail: the subscribe prompt.
      await page.goto('/register-agent');
      await fillAgentForm(page, { email, name: `Accesswren ${width}` });
      await page.getByRole('button', { name: 'Register Agent' }).click();
      const prompt = page.getByRole('alert').filter({ hasText: 'already registered' });
      await prompt.waitFor();
      await check('registration, free listing used');
      await prompt.getByRole('button', { name: 'Create Account & Subscribe' }).click();
      await heading(page, 'Complete Your Account Setup').waitFor();
      await page.getByRole('button', { name: 'Create Account & Subscribe' }).click();
      await page.getByText('Full name is required').waitFor();
      await check('account setup with messages');
      await fillAccountSetup(page);
      await page.getByRole('button', { name: 'Create Account & Subscribe' }).click();

      await page.waitForURL(/\/checkout\/test\//);
      await page.getByRole('button', { name: 'Pay' }).waitFor();
      await check('test checkout');
      await page.getByRole('button', { name: 'Pay' }).click();
      await heading(page, 'Welcome to the Provider plan!').waitFor();
      await check('subscription success');

      await page.goto('/dashboard');
      await page.getByRole('region', { name: 'E-mail confirmation' }).waitFor();
      await check('provider dashboard, e-mail not confirmed');
      await page.goto(await linkInMail(app().server, email, 'verify_email', '/verify-email'));
      await page.getByRole('link', { name: 'Go to your dashboard' }).waitFor();
      await check('e-mail confirmed');
      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      const agent = `Accessowl ${width}`;
      await page.getByRole('article', { name: agent }).waitFor();
      await check('provider dashboard');
      await page.getByRole('button', { name: `Edit ${agent}` }).click();
      const editor = page.getByRole('form', { name: `Edit ${agent}` });
      await editor.waitFor();
      await check('provider dashboard, inline edit');
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: `Delete ${agent}` }).click();
      const deleteDialog = page.getByRole('alertdialog', { name: `Delete ${agent}?` });
      await deleteDialog.waitFor();
      await check('provider dashboard, delete confirmation');
      await deleteDialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('link', { name: 'Manage Subscription' }).click();
      await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
      await check('subscription manage');
      await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
      await cancelDialog.waitFor();
      await check('subscription manage, cancel confirmation');
      await cancelDialog.getByRole('button', { name: 'Yes, cancel subscription' }).click();
      await page.getByRole('button', { name: 'Reactivate Subscription' }).waitFor();
      await check('subscription manage, canceling');

      await page.goto('/subscription/cancel');
      await heading(page, 'Checkout cancelled').waitFor();
      await check('checkout cancelled');
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Logout' }).click();
      // Signed out once the header offers Sign In (Logout goes home before the call ends).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor();
      await page.goto('/signin');
      await heading(page, 'Sign in').waitFor();
      await check('sign in');
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('E-mail').fill(email);
      await signIn.getByLabel('Password').fill('not the password');
      await signIn.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').waitFor();
      await check('sign in refused');
      await page.goto('/forgot-password');
      await heading(page, 'Forgot your password?').waitFor();
      await check('forgot password');

      expect(problems).toEqual([]);
    });

    it('has no serious issue and no sideways scroll on the employer screens', async () => {
      const email = uniqueEmail(`a11y-employer-${width}`);
      const page = await newPage();
      const { check, problems } = screenChecker(page, width, 'employer');

      await page.goto('/employer-signup');
      const form = page.getByRole('form', { name: 'Employer account' });
      await form.waitFor();
      await check('employer signup');
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Confirm password').fill('something else entirely');
      await form.getByRole('button', { name: 'Create Account & Subscribe' }).click();
      await form.getByText('Passwords do not match').waitFor();
      await check('employer signup with messages');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Confirm password').fill(PASSWORD);
      await form.getByLabel('Full name').fill('Grace Hopper');
      await form.getByLabel('Organization').fill('Navy Labs');
      await form.getByRole('button', { name: 'Create Account & Subscribe' }).click();

      await page.waitForURL(/\/checkout\/test\//);
      await page.getByRole('button', { name: 'Pay' }).waitFor();
      await check('test checkout (employer)');
      await page.getByRole('button', { name: 'Pay' }).click();
      await heading(page, 'Welcome to the Employer plan!').waitFor();
      await check('subscription success (employer)');
      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      await heading(page, 'Welcome, Grace Hopper').waitFor();
      await check('employer dashboard');
      await page.getByRole('button', { name: 'Edit organization profile' }).click();
      await page.getByRole('form', { name: 'Edit organization profile' }).waitFor();
      await check('employer dashboard, profile edit');
      await page.goto('/subscription/manage');
      await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
      await check('subscription manage (employer)');

      expect(problems).toEqual([]);
    });
  });
});
