import type { Page } from 'playwright-core';
import { screenshot, setUpApp, visit } from './support/e2e-app';
import { card, cards, searchFor } from './support/page-helpers';

// At 360 px (a small phone) no page scrolls sideways.

const WIDTH = 360;

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const scrolling = document.scrollingElement!;
    return { scrollWidth: scrolling.scrollWidth, clientWidth: scrolling.clientWidth };
  });

const heading = (level: number, name: string) => (page: Page) =>
  page.getByRole('heading', { level, name }).waitFor();

describe(`At ${WIDTH} px`, () => {
  const app = setUpApp();

  const agentPath = async () => {
    const agents = await app().server.context.store.agents.list();
    return `/agents/${agents.find((agent) => agent.name === 'ChatWillow')!.id}`;
  };

  const SCREENS: Array<[name: string, path: string, ready: (page: Page) => Promise<void>]> = [
    ['the home page', '/', heading(1, 'Describe the job. Find the agent.')],
    ['the home page with results', '/', (page) => searchFor(page, 'translate documents')],
    [
      'the role view',
      '/',
      async (page) => {
        await searchFor(page, 'answer customer emails in Spanish');
        await card(page, 'ReplyRanch').locator('button.role-chip').click();
        await page.locator('.role-view article.agent-card').first().waitFor();
      },
    ],
    ['the directory', '/directory', heading(2, 'Browse by category')],
    [
      'the directory with a selection',
      '/directory?category=Finance&role=Bookkeeper',
      (page) => cards(page).first().waitFor(),
    ],
    [
      'a category with its role filters',
      '/directory?category=Finance',
      (page) => cards(page).first().waitFor(),
    ],
    ['the page for an unknown address', '/no/such/page', heading(1, 'Page not found')],
    ['an agent page', 'agent', heading(2, 'Similar agents')],
    ['an unknown agent', '/agents/999999', heading(1, 'Agent not found')],
    ['the privacy policy', '/privacy', heading(1, 'Privacy policy')],
    ['the terms of service', '/terms', heading(1, 'Terms of service')],
    ['the sign-in placeholder', '/signin', heading(1, 'Sign in')],
    ['the registration placeholder', '/register-agent', heading(1, 'Register your AI agent')],
  ];

  // The screens load in turn in one page (keptPage), each a fresh load of its address: a browser
  // context made for each took most of this file's time (BENCHMARKS.md, CI time, session 15).
  let page: Page;
  beforeAll(async () => {
    page = await app().keptPage({ width: WIDTH, height: 740 });
  });

  it.each(SCREENS)('does not scroll sideways on %s', async (name, path, ready) => {
    await visit(page, path === 'agent' ? await agentPath() : path);
    await ready(page);
    await screenshot(page, `${WIDTH}px ${name}`);
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(clientWidth).toBe(WIDTH);
    expect(scrollWidth).toBeLessThanOrEqual(WIDTH);
  });
});
