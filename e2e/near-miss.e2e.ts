import { horizontalOverflow, screenshotFromTop } from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// One controlled list of categories (issue 25: "Educaton" became a public category at once): a
// category typed under "Other" that looks like a slip for a listed one is asked about as it is
// typed, and the listed spelling is one click away, at a desktop and a phone width; axe finds
// nothing serious or critical and nothing scrolls sideways with the question shown.

describe('A near-missed category in the registration form', () => {
  const app = setUpApp();

  it.each([1280, 360])(
    'offers the listed category for a slip, chosen in one click, at %i px',
    async (width) => {
      const page = await app().open('/register-agent', {
        width,
        height: width === 360 ? 740 : 800,
        bypassCSP: true,
      });
      const form = page.getByRole('form', { name: 'Register your agent' });
      const category = form.getByLabel('Category', { exact: true });
      await category.locator('option', { hasText: 'Other' }).waitFor({ state: 'attached' });
      await category.selectOption('Other');
      await form.getByLabel('New category', { exact: true }).fill('Finanse');
      const offer = form.getByRole('button', { name: 'Finance', exact: true });
      await offer.waitFor();
      expect(await offer.locator('xpath=..').textContent()).toContain(
        'Did you mean Finance? Choose it, or name another category.',
      );
      await screenshotFromTop(page, `near miss ${width}px`);
      const { scrollWidth, clientWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(await seriousViolations(page)).toEqual([]);

      await offer.click();
      expect(await category.inputValue()).toBe('Finance');
      expect(await form.getByLabel('New category', { exact: true }).count()).toBe(0);
      // The listed category's roles load into the role list.
      const role = form.getByLabel('Role', { exact: true });
      await role.locator('option', { hasText: 'Bookkeeper' }).waitFor({ state: 'attached' });
      expect(await role.isDisabled()).toBe(false);
    },
  );
});
