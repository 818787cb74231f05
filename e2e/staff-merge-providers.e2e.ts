import { agentInput } from '@agentry/platform/store/contract';
import { ADMIN, ADMIN_ENV, horizontalOverflow, screenshotFromTop } from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// Staff merge two spellings of one provider (issue 25: "microsoft.com" and "microsoft" were two
// providers), at a desktop and a phone width: the Providers section lists the spellings, Merge asks
// first, and afterwards every agent of the group shows the kept spelling. axe finds nothing serious
// or critical and nothing scrolls sideways on the group, the question and the outcome.

/** One provider written two ways per width (each width merges its own group). */
const SPELLINGS = { 1280: ['Harborline', 'harborline.com'], 360: ['Quayside', 'quayside.com'] } as const;

describe('Staff merge provider spellings', () => {
  const app = setUpApp({ env: ADMIN_ENV });

  beforeAll(async () => {
    const { store } = app().server.context;
    for (const [kept, other] of Object.values(SPELLINGS)) {
      await store.agents.importMany([
        agentInput({ name: `${kept} Books`, provider: kept, category: 'Finance', role: 'Bookkeeper' }),
        agentInput({ name: `${kept} Desk`, provider: kept }),
        agentInput({
          name: `${kept} Notes`,
          provider: other,
          category: 'Productivity',
          role: 'Meeting Note Taker',
        }),
      ]);
    }
  });

  it.each([1280, 360] as const)('merges the spellings after asking, at %i px', async (width) => {
    const [kept, other] = SPELLINGS[width];
    const page = await app().newPage({ width, height: width === 360 ? 740 : 800, bypassCSP: true });
    const clean = async (screen: string) => {
      await screenshotFromTop(page, `merge ${width}px ${screen}`);
      const { scrollWidth, clientWidth } = await horizontalOverflow(page);
      expect({ screen, scrollWidth }).toEqual({ screen, scrollWidth: clientWidth });
      expect((await seriousViolations(page)).map((violation) => `${screen}: ${violation.id}`)).toEqual([]);
    };

    await page.goto('/admin?section=providers');
    const login = page.getByRole('form', { name: 'Admin login' });
    await login.getByLabel('Username').fill(ADMIN.username);
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    const group = page.getByRole('group', { name: `Keep which spelling of “${kept}”?` });
    await group.waitFor();
    expect(
      await group.getByRole('radio', { name: new RegExp(`^${other.replace('.', '\\.')}`) }).count(),
    ).toBe(1);
    await clean('01 spellings');

    await page.getByRole('button', { name: `Merge into ${kept}`, exact: true }).click();
    const question = page.getByRole('alertdialog', { name: `Merge into ${kept}?` });
    await question.waitFor();
    expect(await question.textContent()).toContain(`1 agent of “${other}” will show “${kept}”`);
    await clean('02 question');
    await question.getByRole('button', { name: 'Merge', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `1 agent now shows ${kept}.` })
      .waitFor();
    await clean('03 merged');

    const agents = await app().server.context.store.agents.list();
    expect(agents.filter((agent) => agent.name.startsWith(kept)).map((agent) => agent.provider)).toEqual([
      kept,
      kept,
      kept,
    ]);
  });
});
