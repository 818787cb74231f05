import { agentInput } from '@agentry/platform/store/contract';
import { horizontalOverflow, screenshotFromTop } from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// "Unknown" is absent, not a value (issue 25: 132 agents read "by Unknown" and 401 "COST Unknown"):
// an agent whose provider and cost were imported as "Unknown" shows neither on its card in its
// category nor on its page, at a desktop and a phone width; axe finds nothing serious or critical
// and nothing scrolls sideways.

const NAME = 'Driftwren';

describe('Facts stated as unknown', () => {
  const app = setUpApp();
  let id = '';

  beforeAll(async () => {
    const { store } = app().server.context;
    await store.agents.importMany([
      agentInput({
        name: NAME,
        provider: 'Unknown',
        cost: 'Unknown',
        category: 'Finance',
        role: 'Bookkeeper',
      }),
    ]);
    id = (await store.agents.list()).find((agent) => agent.name === NAME)!.id;
  });

  it.each([1280, 360])('are left out of the card and the agent page, at %i px', async (width) => {
    const options = { width, height: width === 360 ? 740 : 800, bypassCSP: true };
    const category = await app().open('/directory?category=Finance', options);
    const card = category.locator('article.agent-card', { hasText: NAME });
    await card.waitFor();
    expect(await card.textContent()).not.toMatch(/unknown/i);

    const page = await app().open(`/agents/${id}`, options);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const profile = page.locator('article.agent-profile');
    expect(await profile.textContent()).not.toMatch(/unknown/i);
    await screenshotFromTop(page, `unstated ${width}px agent page`);
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
