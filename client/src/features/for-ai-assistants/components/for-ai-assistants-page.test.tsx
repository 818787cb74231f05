import '../../../testing/dom-polyfills';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COPIED_FOR_MS } from '../../../hooks/use-copy-text';
import { renderWithRouter } from '../../../testing/render';
import { ForAiAssistantsPage } from './for-ai-assistants-page';

const ORIGIN = 'https://agentry.example';

function mockClipboard(writeText: (text: string) => Promise<void>) {
  const mock = jest.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: mock }, configurable: true });
  return mock;
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  jest.useRealTimers();
});

const snippet = () =>
  screen.getByRole('figure', { name: 'MCP client configuration (JSON)' }).querySelector('pre')!;

describe('For AI assistants page', () => {
  it('gives a configuration snippet pointing the MCP client at this site’s /mcp', () => {
    renderWithRouter(<ForAiAssistantsPage origin={ORIGIN} />);
    expect(screen.getByRole('heading', { level: 1, name: 'For AI assistants' })).toBeTruthy();
    expect(JSON.parse(snippet().textContent ?? '')).toEqual({
      mcpServers: { rolecall: { url: `${ORIGIN}/mcp` } },
    });
    expect(screen.getByText(`${ORIGIN}/mcp`)).toBeTruthy();
  });

  it('marks the employer plan’s tools and shows how an employer API key is sent', () => {
    renderWithRouter(<ForAiAssistantsPage origin={ORIGIN} />);
    const compare = screen.getByText('compare_agents').closest('div')!;
    expect(within(compare).getByText('Employer API key')).toBeTruthy();
    const search = screen.getByText('search_agents').closest('div')!;
    expect(within(search).queryByText('Employer API key')).toBeNull();
    const keyed = screen.getByRole('region', { name: 'With an employer API key' });
    expect(JSON.parse(keyed.querySelector('pre')!.textContent ?? '')).toEqual({
      mcpServers: {
        rolecall: { url: `${ORIGIN}/mcp`, headers: { Authorization: 'Bearer <your employer API key>' } },
      },
    });
    expect(within(keyed).getByRole('link', { name: 'employer dashboard' }).getAttribute('href')).toBe(
      '/employer-dashboard',
    );
  });

  it('copies the snippet with the Copy button, which then says Copied for a while', async () => {
    const writeText = mockClipboard(async () => {});
    jest.useFakeTimers();
    renderWithRouter(<ForAiAssistantsPage origin={ORIGIN} />);
    await act(async () => screen.getByRole('button', { name: 'Copy' }).click());
    expect(writeText).toHaveBeenCalledWith(snippet().textContent);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard.');
    act(() => jest.advanceTimersByTime(COPIED_FOR_MS));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('lets the keyboard reach the Copy button and copy with Enter', async () => {
    const writeText = mockClipboard(async () => {});
    renderWithRouter(<ForAiAssistantsPage origin={ORIGIN} />);
    const copyButton = screen.getByRole('button', { name: 'Copy' });
    for (let step = 0; step < 10 && document.activeElement !== copyButton; step += 1) await userEvent.tab();
    expect(document.activeElement).toBe(copyButton);
    await userEvent.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('selects the snippet for copying by hand when the browser refuses the clipboard', async () => {
    mockClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    renderWithRouter(<ForAiAssistantsPage origin={ORIGIN} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/copy it yourself/);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(window.getSelection()?.toString()).toBe(snippet().textContent);
  });

  it('lists the five tools and links to the API description and the discovery file', () => {
    renderWithRouter(<ForAiAssistantsPage origin={ORIGIN} />);
    const tools = screen.getByRole('region', { name: 'What your assistant can do' });
    expect([...tools.querySelectorAll('dt code')].map((term) => term.textContent)).toEqual([
      'search_agents',
      'get_agent',
      'list_categories',
      'list_roles',
      'compare_agents',
    ]);
    const programs = screen.getByRole('region', { name: 'For programs' });
    expect(
      within(programs).getByRole('link', { name: 'the API description (OpenAPI)' }).getAttribute('href'),
    ).toBe('/api/openapi.yaml');
    expect(within(programs).getByRole('link', { name: '/.well-known/mcp.json' }).getAttribute('href')).toBe(
      '/.well-known/mcp.json',
    );
  });
});
