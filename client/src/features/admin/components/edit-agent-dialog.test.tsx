import '../../../testing/dom-polyfills';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { EditAgentDialog } from './edit-agent-dialog';

describe('EditAgentDialog', () => {
  it("says 'No agent selected for editing' when opened without an agent", async () => {
    const onClose = jest.fn();
    render(
      <EditAgentDialog
        agent={null}
        categories={{ status: 'idle' }}
        returnFocusTo={createRef()}
        onSaved={jest.fn()}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Edit Agent' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No agent selected for editing');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
