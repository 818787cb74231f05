import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { compareStore } from '../../lib/compare-selection';
import { CompareToggle } from './compare-toggle';

describe('CompareToggle', () => {
  beforeEach(() => act(() => compareStore().clear()));

  it('is pressed while the agent is in the comparison', async () => {
    render(<CompareToggle agent={{ id: '1', name: 'ReplyRanch' }} />);
    const button = screen.getByRole('button', { name: /Compare ReplyRanch/ });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(window.localStorage.getItem('agentry.compare') ?? '[]')).toEqual([
      { id: '1', name: 'ReplyRanch' },
    ]);
    await userEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('refuses a fifth agent and says why', async () => {
    render(
      <div>
        {['1', '2', '3', '4', '5'].map((id) => (
          <CompareToggle key={id} agent={{ id, name: `Agent ${id}` }} />
        ))}
      </div>,
    );
    for (const id of ['1', '2', '3', '4'])
      await userEvent.click(screen.getByRole('button', { name: `Compare Agent ${id}` }));
    const fifth = screen.getByRole('button', { name: 'Compare Agent 5' });
    await userEvent.click(fifth);
    expect(fifth.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('alert').textContent).toBe(
      'You can compare up to 4 agents. Remove one to add another.',
    );
    expect(compareStore().getSnapshot()).toHaveLength(4);
  });
});

describe('CompareToggle on a page the server rendered', () => {
  beforeEach(() => act(() => compareStore().clear()));

  it('hydrates the server’s unpicked button without a mismatch, then shows the agent picked', async () => {
    // The server has no localStorage: its HTML never shows an agent picked (entry-server.tsx).
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CompareToggle agent={{ id: '1', name: 'ReplyRanch' }} />);
    document.body.append(container);
    act(() => {
      compareStore().toggle({ id: '1', name: 'ReplyRanch' });
    });
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <CompareToggle agent={{ id: '1', name: 'ReplyRanch' }} />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('button', { name: /Compare ReplyRanch/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    container.remove();
  });
});
