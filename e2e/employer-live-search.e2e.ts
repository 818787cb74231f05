import { createAccount, horizontalOverflow, screenshotFromTop, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// The employer's search box answers while typing (issue 25: live results on every width), at a
// desktop and a phone width: a subscribed employer types a job without pressing Enter, and the
// count and the cards follow the text once it rests, with the query in the address; axe finds
// nothing serious or critical and nothing scrolls sideways.

const BOX = '.employer-search__box input';
const SUMMARY = '.employer-search__results .results-summary';

describe('Employer search while typing', () => {
  const app = setUpApp();

  it.each([1280, 360])('shows the matching agents as the employer types, at %i px', async (width) => {
    const page = await app().newPage({ width, height: width === 360 ? 740 : 800, bypassCSP: true });
    await createAccount(
      app().server,
      {
        email: uniqueEmail(`live-${width}`),
        userType: 'employer',
        subscribed: true,
        organization: 'Lark & Co',
      },
      page.request,
    );
    await page.goto('/employer/search');
    await page.waitForFunction(
      (summary) => /match/.test(document.querySelector(summary)?.textContent ?? ''),
      SUMMARY,
    );
    const everything = await page.locator(SUMMARY).textContent();

    await page.locator(BOX).pressSequentially('meeting notes');
    await page.waitForURL(/[?&]q=meeting\+notes/);
    await page
      .locator('li.employer-hit article.agent-card')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'MinutesMallard', exact: true }) })
      .waitFor();
    await page.waitForFunction(
      ([summary, before]) => {
        const text = document.querySelector(summary)?.textContent ?? '';
        return /match/.test(text) && text !== before;
      },
      [SUMMARY, everything] as const,
    );
    await screenshotFromTop(page, `employer live search ${width}px`);
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
