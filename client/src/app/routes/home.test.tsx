import '../../testing/dom-polyfills';
import type { PublicAgent } from '@agentry/domain/agent';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MULTI_SEARCH_PATH } from '../../lib/search-client';
import { makeAgent } from '../../testing/agents';
import { calls, deferred, type FakeRoute, mockFetch } from '../../testing/mock-fetch';
import { currentUrl, renderWithRouter } from '../../testing/render';
import { HomeRoute } from './home';

const PRE = '__ais-highlight__';
const POST = '__/ais-highlight__';

function hit(agent: PublicAgent, highlightedName = agent.name) {
  const field = (value: string) => ({ value, matchLevel: 'none', matchedWords: [] });
  return {
    ...agent,
    objectID: agent.id,
    _highlightResult: {
      name: field(highlightedName),
      provider: field(agent.provider),
      category: field(agent.category),
      role: field(agent.role),
      description: field(agent.description),
    },
  };
}

function searchAnswer(agents: PublicAgent[], { page = 0, nbPages = 1, nbHits = agents.length } = {}) {
  return {
    results: [
      {
        index: 'agents',
        query: 'q',
        params: '',
        hits: agents.map((agent) => hit(agent, agent.id === '1' ? `${PRE}Reply${POST}Ranch` : agent.name)),
        nbHits,
        page,
        nbPages,
        hitsPerPage: 12,
        facets: {},
        processingTimeMS: 1,
        exhaustiveNbHits: true,
      },
    ],
  };
}

const REPLY = makeAgent({ id: '1', name: 'ReplyRanch' });
const PORTER = makeAgent({ id: '7', name: 'PatiencePorter' });
const LEDGER = makeAgent({ id: '38', name: 'LedgerLark', category: 'Finance', role: 'Bookkeeper' });
const COUNT: FakeRoute = { path: '/api/agents/count', body: { count: 100 } };
const CATEGORY_COUNTS: FakeRoute = {
  path: '/api/directory/counts',
  body: [
    { name: 'Finance', count: 6 },
    { name: 'Customer Service', count: 9 },
  ],
};
const SIGNALS: FakeRoute = {
  path: '/api/signals',
  body: {
    week: '2026-11-23',
    most_compared: [],
    trending: [{ agent: makeAgent({ id: '5', name: 'TrendyBot' }), people: 12, growth: 2 }],
  },
};

const SHOWCASE: FakeRoute = {
  path: '/api/showcase',
  body: {
    newest: [makeAgent({ id: '90', name: 'FreshFinch' })],
    verified: [makeAgent({ id: '91', name: 'ProvenPelican', verified_domain: 'pelican.example' })],
    well_reviewed: [makeAgent({ id: '92', name: 'LovedLynx', rating_average: 4.8, rating_count: 5 })],
  },
};

const box = () =>
  screen.getByRole('textbox', { name: 'Describe the job you need done' }) as HTMLTextAreaElement;

function postedQueries(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === MULTI_SEARCH_PATH)
    .map(([, init]) => JSON.parse(String(init?.body)).requests[0].params);
}

function renderHome(routes: FakeRoute[], url = '/') {
  const fetchMock = mockFetch([COUNT, CATEGORY_COUNTS, SIGNALS, SHOWCASE, ...routes]);
  const view = renderWithRouter(<HomeRoute />, { url, path: '/' });
  return { ...view, fetchMock };
}

describe('Home', () => {
  it('greets with the agent count and searches nothing until asked', async () => {
    const { fetchMock } = renderHome([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Describe the job. Find the agent.');
    expect(await screen.findByText('Search 100 AI agents by the job they do, in plain words.')).toBeTruthy();
    // The storefront below the box reads counts, this week's signals and the agent lists; nothing
    // is searched.
    expect(calls(fetchMock).sort()).toEqual([
      'GET /api/agents/count',
      'GET /api/directory/counts',
      'GET /api/showcase',
      'GET /api/signals',
    ]);
    expect(screen.getByRole('link', { name: 'Directory' }).getAttribute('href')).toBe('/directory');
    expect(screen.getByRole('link', { name: 'Add your AI agent' }).getAttribute('href')).toBe(
      '/register-agent',
    );
  });

  it('shows example jobs, the categories with their counts (largest first) and trending agents, each a link', async () => {
    renderHome([]);
    expect(screen.getByRole('link', { name: 'answer customer emails in Spanish' }).getAttribute('href')).toBe(
      '/?query=answer+customer+emails+in+Spanish',
    );
    const categories = await screen.findByRole('region', { name: 'Browse by category' });
    const tiles = within(categories).getAllByRole('link');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['Customer Service9 agents', 'Finance6 agents']);
    expect(tiles[1]!.getAttribute('href')).toBe('/directory?category=Finance');
    const trending = await screen.findByRole('region', { name: 'Trending this week' });
    expect(
      within(trending)
        .getByRole('link', { name: /TrendyBot/ })
        .getAttribute('href'),
    ).toBe('/agents/5');
  });

  it('shows verified, well-reviewed and new agents with their badges, each a link to its page', async () => {
    renderHome([]);
    const verified = await screen.findByRole('region', { name: 'Verified providers' });
    const proven = within(verified).getByRole('link', { name: /ProvenPelican/ });
    expect(proven.getAttribute('href')).toBe('/agents/91');
    expect(within(proven).getByText('Verified')).toBeTruthy();
    const reviewed = screen.getByRole('region', { name: 'Well reviewed' });
    expect(within(reviewed).getByRole('link', { name: /LovedLynx/ }).textContent).toContain('4.8');
    const newest = screen.getByRole('region', { name: 'New in the directory' });
    expect(
      within(newest)
        .getByRole('link', { name: /FreshFinch/ })
        .getAttribute('href'),
    ).toBe('/agents/90');
  });

  it('shows results while typing, once the text rests, with the address replaced rather than pushed', async () => {
    const { fetchMock, router } = renderHome([
      { method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([REPLY]) },
    ]);
    await screen.findByRole('region', { name: 'Browse by category' });
    await userEvent.type(box(), 'emails');
    expect(await screen.findByText('1 agent matches')).toBeTruthy();
    expect(postedQueries(fetchMock).at(-1)).toMatchObject({ query: 'emails' });
    expect(currentUrl(router)).toBe('/?query=emails');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Browse by category' })).toBeNull());
    // Emptied, the box brings the storefront back.
    await userEvent.clear(box());
    expect(await screen.findByRole('region', { name: 'Browse by category' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/');
  });

  it('puts the storefront away and the hero in compact form once results show', async () => {
    const { container } = renderHome([
      { method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([REPLY]) },
    ]);
    await screen.findByRole('region', { name: 'Browse by category' });
    await userEvent.type(box(), 'emails{Enter}');
    await screen.findByText('1 agent matches');
    expect(screen.queryByRole('region', { name: 'Browse by category' })).toBeNull();
    expect(container.querySelector('.home')?.classList.contains('home--results')).toBe(true);
  });

  it('searches on submit, shows "Searching..." meanwhile, then the count and highlighted cards', async () => {
    const answer = deferred();
    const { fetchMock, router } = renderHome([
      { method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([REPLY, PORTER]), wait: answer.promise },
    ]);
    await userEvent.type(box(), 'answer customer emails in Spanish{Enter}');
    const button = (await screen.findByRole('button', { name: 'Searching...' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => answer.resolve());
    expect((await screen.findByText('2 agents match')).getAttribute('role')).toBe('status');
    expect(screen.getByText('Reply').tagName).toBe('MARK');
    expect(screen.getByRole('heading', { level: 3, name: 'PatiencePorter' })).toBeTruthy();
    expect(postedQueries(fetchMock)[0]).toMatchObject({ query: 'answer customer emails in Spanish' });
    expect(currentUrl(router)).toBe('/?query=answer+customer+emails+in+Spanish');
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  it('suggests the directory when nothing matches', async () => {
    renderHome([{ method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([]) }]);
    await userEvent.type(box(), 'juggle flaming torches{Enter}');
    expect(await screen.findByText('No close match')).toBeTruthy();
    expect(screen.getByText(/No agent matches/)).toBeTruthy();
    expect(screen.getByText('juggle flaming torches', { selector: 'q' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'browse the directory' }).getAttribute('href')).toBe(
      '/directory',
    );
  });

  it('counts only the matches, says why each was found, and lists related agents apart', async () => {
    const answer = searchAnswer([REPLY, PORTER, LEDGER], { nbHits: 3 });
    const result = answer.results[0]!;
    const why = (match: boolean, text: string) => ({ match, matched: [], missing: [], text });
    Object.assign(result, { matchCount: 2 });
    Object.assign(result.hits[0]!, { _why: why(true, 'matches: customer emails, spanish · role: Support') });
    Object.assign(result.hits[1]!, { _why: why(true, 'matches: customer emails') });
    Object.assign(result.hits[2]!, { _why: why(false, 'related: emails · not: spanish') });
    renderHome([{ method: 'POST', path: MULTI_SEARCH_PATH, body: answer }]);
    await userEvent.type(box(), 'answer customer emails in Spanish{Enter}');
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    expect(screen.getByText('matches: customer emails, spanish · role: Support')).toBeTruthy();
    const related = screen.getByRole('region', { name: 'Related agents' });
    expect(within(related).getByRole('heading', { level: 3, name: 'LedgerLark' })).toBeTruthy();
    expect(within(related).queryByRole('heading', { level: 3, name: 'ReplyRanch' })).toBeNull();
  });

  it('says when nothing matches closely and offers a corrected query, a category and a role', async () => {
    const answer = searchAnswer([LEDGER], { nbHits: 1 });
    const result = answer.results[0]!;
    Object.assign(result, {
      matchCount: 0,
      suggestions: {
        query: 'bookkeeping',
        categories: ['Finance'],
        roles: [{ role: 'Bookkeeper', category: 'Finance' }],
      },
    });
    Object.assign(result.hits[0]!, {
      _why: { match: false, matched: [], missing: [], text: 'related: books' },
    });
    const { fetchMock } = renderHome([{ method: 'POST', path: MULTI_SEARCH_PATH, body: answer }]);
    await userEvent.type(box(), 'bookkeepnig{Enter}');
    expect(await screen.findByText('No close match')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Finance' }).getAttribute('href')).toBe(
      '/directory?category=Finance',
    );
    expect(screen.getByRole('button', { name: 'Bookkeeper agents' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Related agents' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'bookkeeping' }));
    await waitFor(() => expect(postedQueries(fetchMock).at(-1)).toMatchObject({ query: 'bookkeeping' }));
    expect(box().value).toBe('bookkeeping');
  });

  it('runs the search from a /?query= link and fills the box', async () => {
    const { fetchMock } = renderHome(
      [{ method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([REPLY]) }],
      '/?query=bookkeeping',
    );
    expect(box().value).toBe('bookkeeping');
    expect(await screen.findByText('1 agent matches')).toBeTruthy();
    expect(postedQueries(fetchMock)[0]).toMatchObject({ query: 'bookkeeping' });
  });

  it('opens the role view from a role chip and comes back to the same results', async () => {
    renderHome([
      { method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([REPLY, LEDGER]) },
      {
        path: '/api/search-by-role?role=Bookkeeper&category=Finance',
        body: [
          LEDGER,
          makeAgent({ id: '39', name: 'ReceiptRaccoon', category: 'Finance', role: 'Bookkeeper' }),
        ],
      },
    ]);
    await userEvent.type(box(), 'emails{Enter}');
    await screen.findByText('2 agents match');
    await userEvent.click(screen.getByRole('button', { name: /^Bookkeeper/ }));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Bookkeeper agents in the Finance category' }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'ReceiptRaccoon' })).toBeTruthy();
    await userEvent.clear(box());
    await userEvent.click(screen.getByRole('button', { name: /Search Results/ }));
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: /Reply\s?Ranch/ })).toBeTruthy();
    expect(box().value).toBe('emails');
  });

  it('puts the role view in the address, so Back leaves it for the same results', async () => {
    const { router } = renderHome([
      { method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([REPLY, LEDGER]) },
      { path: '/api/search-by-role?role=Bookkeeper&category=Finance', body: [LEDGER] },
    ]);
    await userEvent.type(box(), 'emails{Enter}');
    await screen.findByText('2 agents match');
    await userEvent.click(screen.getByRole('button', { name: /^Bookkeeper/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/?query=emails&role=Bookkeeper&category=Finance'));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Bookkeeper agents in the Finance category' }),
    ).toBeTruthy();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(currentUrl(router)).toBe('/?query=emails'));
    expect(await screen.findByText('2 agents match')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: /Bookkeeper agents/ })).toBeNull();
    expect(box().value).toBe('emails');
  });

  it('opens the role view from a shared address', async () => {
    renderHome(
      [{ path: '/api/search-by-role?role=Bookkeeper&category=Finance', body: [LEDGER] }],
      '/?role=Bookkeeper&category=Finance',
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bookkeeper agents in the Finance category' }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'LedgerLark' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Home/ })).toBeTruthy();
  });

  it('loads the next page with "Show more"', async () => {
    const { fetchMock } = renderHome([
      { method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([REPLY], { nbPages: 2, nbHits: 2 }) },
    ]);
    await userEvent.type(box(), 'emails{Enter}');
    await screen.findByText('2 agents match');
    fetchMock.mockImplementationOnce(async () => ({
      ok: true,
      status: 200,
      statusText: 'OK',
      json: async () => searchAnswer([PORTER], { page: 1, nbPages: 2, nbHits: 2 }),
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'PatiencePorter' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: /Reply\s?Ranch/ })).toBeTruthy();
    expect(postedQueries(fetchMock)[1]).toMatchObject({ query: 'emails', page: 1 });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('starts fresh on every visit to /', async () => {
    const { router } = renderHome([{ method: 'POST', path: MULTI_SEARCH_PATH, body: searchAnswer([REPLY]) }]);
    await userEvent.type(box(), 'emails{Enter}');
    await screen.findByText('1 agent matches');
    await act(() => router.navigate('/'));
    await waitFor(() => expect(box().value).toBe(''));
    expect(screen.queryByText('1 agent matches')).toBeNull();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('tells the visitor when search is unavailable', async () => {
    renderHome([{ method: 'POST', path: MULTI_SEARCH_PATH, status: 503, body: { error: 'down' } }]);
    await userEvent.type(box(), 'emails{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Search is not available right now/);
  });

  it('sets the home page meta with the WebSite search action', async () => {
    renderHome([]);
    await screen.findByText(/Search 100 AI agents/);
    const data = JSON.parse(document.getElementById('structured-data')?.textContent ?? '{}');
    expect(data.potentialAction.target).toBe(`${window.location.origin}/?query={search_term}`);
  });
});
