import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { screenshot, setUpApp } from './support/e2e-app';
import { cards, searchFor } from './support/page-helpers';

// axe-core on every public page at a desktop and a phone width: no serious or critical issue.

type Screen = [name: string, path: string, ready: (page: Page) => Promise<void>];

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('Accessibility', () => {
  const app = setUpApp();

  async function agentPath(): Promise<string> {
    const agents = await app().server.context.store.agents.list();
    return `/agents/${agents.find((agent) => agent.name === 'ReplyRanch')!.id}`;
  }

  const SCREENS: Screen[] = [
    ['the home page', '/', heading('Describe the job. Find the agent.')],
    [
      'the home page with results',
      '/',
      async (page) => {
        await searchFor(page, 'answer customer emails in Spanish');
      },
    ],
    [
      'the directory with a selection',
      '/directory?category=Finance&role=Bookkeeper',
      async (page) => {
        await cards(page).first().waitFor();
      },
    ],
    [
      'a category with its role filters',
      '/directory?category=Finance',
      async (page) => {
        await cards(page).first().waitFor();
      },
    ],
    ['the page for an unknown address', '/no/such/page', heading('Page not found')],
    [
      'an agent page',
      'agent',
      async (page) => {
        await page.getByRole('heading', { level: 2, name: 'Similar agents' }).waitFor();
      },
    ],
    ['the privacy policy', '/privacy', heading('Privacy policy')],
    ['the terms of service', '/terms', heading('Terms of service')],
  ];

  describe.each([1280, 360])('at %i px', (width) => {
    // The screens load in turn in one page of this width (keptPage), each a fresh load of its
    // address: a context made for each took most of this file's time.
    let page: Page;
    beforeAll(async () => {
      page = await app().keptPage({ width, bypassCSP: true });
    });

    it.each(SCREENS)('finds no serious issue on %s', async (name, path, ready) => {
      await page.goto(path === 'agent' ? await agentPath() : path);
      await page.locator('main#main-content').waitFor();
      await ready(page);
      await screenshot(page, `${width}px ${name}`);
      expect((await seriousViolations(page)).map((violation) => violation.id)).toEqual([]);
    });
  });
});
