import type { Page } from 'playwright-core';
import {
  createAccount,
  horizontalOverflow,
  linkInMail,
  registerAgentByApi,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// The comparison and the provider's analytics at 360 px with the longest names a listing may have
// (issue 25): the page never scrolls sideways (a wide table scrolls inside its own frame), and axe
// finds nothing serious or critical. compare.css and provider-analytics.css use the scrolling
// wrapper that once made the staff's audit table hang past the edge.

/** A name of the most characters a listing's name may have (100), with a word too long for a phone's line. */
const longName = (start: string) =>
  `${start} Supercalifragilisticexpialidociousautomationorchestrator and Reconciliation Companion`.slice(
    0,
    100,
  );

async function expectNarrowAndClean(page: Page, name: string): Promise<void> {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotFromTop(page, name);
}

describe('Narrow screens with long names', () => {
  const app = setUpApp();

  it('the comparison and the provider analytics fit 360 px with 100-character names', async () => {
    const server = app().server;
    const provider = {
      email: uniqueEmail('narrow'),
      fullName: 'Noor Haddad',
      organization: 'Haddad Ledgerworks',
    };
    const agentName = longName(`Ledgerwright ${Date.now().toString(36)}`);
    await registerAgentByApi(server, {
      email: provider.email,
      name: agentName,
      provider: provider.organization,
      category: 'Finance',
      role: 'Bookkeeper',
      cost: '$49/month',
      address: `ledgerwright-${Date.now().toString(36)}.example.com`,
    });
    const providerPage = await app().newPage({ width: 360, bypassCSP: true });
    await createAccount(
      server,
      { ...provider, userType: 'agent_provider', subscribed: true },
      providerPage.request,
    );
    await providerPage.goto(await linkInMail(server, provider.email, 'claim_agent', '/verify-email'));
    await providerPage.getByText(`Your e-mail address ${provider.email} is confirmed.`).waitFor();
    const own = (await (await providerPage.request.get('/api/users/agents')).json()) as {
      agents: Array<{ id: string }>;
    };
    const agentId = own.agents[0]!.id;

    // Two demo agents beside it.
    const found = (await (await providerPage.request.get('/api/search?query=bookkeeping')).json()) as Array<{
      id: string;
    }>;
    const ids = [
      agentId,
      ...found
        .filter((agent) => agent.id !== agentId)
        .slice(0, 2)
        .map((agent) => agent.id),
    ];
    expect(ids).toHaveLength(3);

    const employer = await app().newPage({ width: 360, bypassCSP: true });
    await createAccount(
      server,
      {
        email: uniqueEmail('narrow-employer'),
        userType: 'employer',
        subscribed: true,
        organization: 'Quill & Sons',
      },
      employer.request,
    );
    await employer.goto(`/compare?ids=${ids.join(',')}`);
    const table = employer.getByRole('table');
    await table.waitFor();
    await table.getByText(agentName).first().waitFor();
    await expectNarrowAndClean(employer, 'narrow 01 compare 360');

    // The advanced search's one column on a phone: the card's unbreakable word once widened it
    // to 712 px (its grid was 1fr, whose minimum is the longest word, before minmax(0, 1fr)).
    await employer.goto('/employer/search?q=Supercalifragilisticexpialidociousautomationorchestrator');
    await employer.getByRole('article', { name: agentName }).waitFor();
    const { scrollWidth, clientWidth } = await horizontalOverflow(employer);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    await providerPage.goto('/dashboard');
    const analytics = providerPage.getByRole('region', { name: 'Analytics' });
    await analytics.waitFor();
    await providerPage.getByRole('article', { name: agentName }).waitFor();
    await expectNarrowAndClean(providerPage, 'narrow 02 provider analytics 360');
    // The analytics as a table, opened.
    const details = analytics.getByText('Show the numbers as a table');
    if ((await details.count()) > 0) {
      await details.click();
      await expectNarrowAndClean(providerPage, 'narrow 03 provider analytics table 360');
    }
  });
});
