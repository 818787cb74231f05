import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
