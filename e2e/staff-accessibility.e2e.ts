import type { Page } from 'playwright-core';
import { ADMIN, ADMIN_ENV, horizontalOverflow, screenshotFromTop } from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// The staff area as issue 25 left it, at a desktop and a phone width: its own login, a section at its
// own address, an agent found by name, the delete that asks first, the providers' section and every
// section at once. On each screen axe finds nothing serious or critical and nothing scrolls sideways
// (admin.e2e walks the same area's work at 1280 px).

/** The screen's problems: serious or critical axe violations, and a page wider than the window. */
async function problemsOf(page: Page, screen: string): Promise<string[]> {
  await screenshotFromTop(page, screen);
  const problems = (await seriousViolations(page)).map(
    (violation) =>
      `${screen}: ${violation.impact} ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  // The charts redraw at the window's width on their own (chart.js follows its box): wait for it.
  let { scrollWidth, clientWidth } = await horizontalOverflow(page);
  for (let tries = 0; tries < 40 && scrollWidth > clientWidth; tries++) {
    await page.waitForTimeout(50);
    ({ scrollWidth, clientWidth } = await horizontalOverflow(page));
  }
  if (scrollWidth > clientWidth)
    problems.push(`${screen}: scrolls sideways (${scrollWidth} px in ${clientWidth} px)`);
  return problems;
}

describe('Staff area: accessibility and small screens', () => {
  const app = setUpApp({ env: ADMIN_ENV });

  it.each([1280, 360])(
    'has no serious issue and no sideways scroll on the staff screens at %i px',
    async (width) => {
      const page = await app().newPage({ width, height: width === 360 ? 740 : 800, bypassCSP: true });
      const problems: string[] = [];
      const check = async (screen: string) =>
        problems.push(...(await problemsOf(page, `staff ${width}px ${screen}`)));

      await page.goto('/admin?section=agents');
      const login = page.getByRole('form', { name: 'Admin login' });
      await login.waitFor();
      await check('login');
      await login.getByLabel('Username').fill(ADMIN.username);
      await login.getByLabel('Password').fill(ADMIN.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor();
      // The header knows staff; the section is the one the address names.
      await page
        .getByRole('banner')
        .getByRole('link', { name: /Staff area/ })
        .waitFor();
      const sections = page.getByRole('navigation', { name: 'Staff area sections' });
      expect(
        await sections.getByRole('link', { name: 'Agents', exact: true }).getAttribute('aria-current'),
      ).toBe('page');

      // An agent found by name (asked once typing pauses).
      const manage = page.getByRole('region', { name: 'Manage Agents' });
      await manage.getByRole('button', { name: 'Edit ReplyRanch' }).waitFor();
      await manage.getByLabel('Search by name').fill('replyra');
      await manage
        .getByRole('status')
        .filter({ hasText: 'Showing 1 of 1 agents whose name contains “replyra”' })
        .waitFor();
      expect(await manage.getByRole('button', { name: /^Edit / }).count()).toBe(1);
      await check('agents found by name');

      // Delete asks first.
      await manage.getByRole('button', { name: 'Delete ReplyRanch' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete ReplyRanch?' });
      await confirm.waitFor();
      await check('delete confirmation');
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await confirm.waitFor({ state: 'detached' });
      await manage.getByRole('button', { name: 'Delete ReplyRanch' }).waitFor();

      await sections.getByRole('link', { name: 'Providers', exact: true }).click();
      await page.waitForURL('**/admin?section=providers');
      await page.getByRole('region', { name: 'Provider spellings' }).waitFor();
      await check('providers');

      await sections.getByRole('link', { name: 'All sections', exact: true }).click();
      await page.waitForURL('**/admin?section=all');
      await page.getByRole('region', { name: 'Manage Agents' }).waitFor();
      await page.getByRole('region', { name: 'Overview' }).locator('dd').first().waitFor();
      await check('all sections');

      expect(problems).toEqual([]);
    },
  );
});
