import { keptPageOpener, setUpApp } from './support/e2e-app';
import { card, cards, headTags, searchFor, waitForHead, waitForTitle } from './support/page-helpers';

// /agents/:id: one agent's details, its structured data and similar agents.

describe('Agent page', () => {
  const app = setUpApp();
  // Each test loads its address afresh in one kept page (a browser context made for each took much
  // of this file's time, BENCHMARKS.md, CI time, session 16): none signs in, counts requests or
  // stubs routes.
  const openKept = keptPageOpener(app);

  async function idOf(name: string): Promise<string> {
    const agents = await app().server.context.store.agents.list();
    return agents.find((agent) => agent.name === name)!.id;
  }

  it('opens from a card’s name with the agent’s details', async () => {
    const page = await openKept('/');
    await searchFor(page, 'chat bubble on my website');
    await card(page, 'ChatWillow').getByRole('link', { name: 'ChatWillow', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'ChatWillow' }).waitFor();
    expect(page.url()).toBe(`${app().server.url}/agents/${await idOf('ChatWillow')}`);
    const profile = page.locator('article.agent-profile');
    expect(await profile.locator('.agent-profile__provider').textContent()).toBe('by Saltmarsh Digital');
    expect(await profile.locator('.agent-profile__description').textContent()).toMatch(
      /^Lives in the chat bubble on your website/,
    );
    const facts = await profile.locator('dl.agent-facts').textContent();
    for (const fact of [
      'Customer Service',
      'Live Chat Agent',
      'Free trial, then $39/month',
      'chatwillow.example',
    ]) {
      expect(facts).toContain(fact);
    }
    const useAgent = profile.getByRole('link', { name: /Use agent/ });
    expect(await useAgent.getAttribute('href')).toBe('https://chatwillow.example/widget');
    expect(await useAgent.getAttribute('rel')).toBe('noopener nofollow ugc');
  });

  it('describes the agent as a SoftwareApplication with an Offer, with its canonical link', async () => {
    const id = await idOf('ReplyRanch');
    const page = await openKept(`/agents/${id}`);
    const canonical = `${app().server.url}/agents/${id}`;
    await waitForHead(page, {
      title: 'ReplyRanch by Quillstone Labs: Customer Support Agent AI agent | Rolecall',
      canonical,
    });
    const head = await headTags(page);
    expect(head.canonical).toBe(canonical);
    expect(head.ogType).toBe('product');
    expect(head.description).toMatch(/^Answers customer emails around the clock/);
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'SoftwareApplication',
        name: 'ReplyRanch',
        applicationCategory: 'Customer Service',
        provider: { '@type': 'Organization', name: 'Quillstone Labs' },
        offers: expect.objectContaining({ '@type': 'Offer', priceCurrency: 'USD' }),
      }),
    ]);
  });

  it('shows similar agents that lead to their own pages', async () => {
    const page = await openKept(`/agents/${await idOf('ReplyRanch')}`);
    const similar = page.locator('section.similar-agents');
    await similar.getByRole('heading', { level: 2, name: 'Similar agents' }).waitFor();
    const first = cards(page).first();
    const name = (await first.locator('h3').textContent()) ?? '';
    expect(['', 'ReplyRanch']).not.toContain(name);
    await first.locator('h3 a').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });

  it('shows the not-found state for an unknown id', async () => {
    const page = await openKept('/agents/999999');
    await page.getByRole('heading', { level: 1, name: 'Agent not found' }).waitFor();
    await waitForTitle(page, 'Agent not found | Rolecall');
    expect(await page.getByRole('link', { name: 'Browse the directory' }).getAttribute('href')).toBe(
      '/directory',
    );
  });

  it('shows the not-found state once an agent is removed', async () => {
    const { agents } = app().server.context.store;
    const created = await agents.create({
      name: 'ShortLivedShrike',
      provider: 'Ephemera Ltd',
      category: 'Operations',
      role: 'Data Entry Clerk',
      description: 'Here today, gone tomorrow.',
      cost: 'Free',
      address: 'https://shrike.example',
    });
    const page = await openKept(`/agents/${created.id}`);
    await page.getByRole('heading', { level: 1, name: 'ShortLivedShrike' }).waitFor();
    await agents.update(created.id, { removed: true });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Agent not found' }).waitFor();
  });
});
