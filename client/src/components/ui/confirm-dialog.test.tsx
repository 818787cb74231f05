import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ busy = false, error = null }: { busy?: boolean; error?: string | null }) {
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(0);
  const openerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={openerRef} onClick={() => setOpen(true)}>
        Remove it
      </button>
      <p>Confirmed {confirmed}</p>
      {open ? (
        <ConfirmDialog
          title="Remove it?"
          confirmLabel="Yes, remove"
          dismissLabel="Keep it"
          busy={busy}
          busyLabel="Removing..."
          error={error}
          onConfirm={() => setConfirmed((count) => count + 1)}
          onDismiss={() => setOpen(false)}
          returnFocusTo={openerRef}
        >
          <p>This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Remove it' }));
  return screen.getByRole('alertdialog', { name: 'Remove it?' });
}

describe('ConfirmDialog', () => {
  it('puts the safe choice first and the destructive one second, and starts on the safe one', async () => {
    render(<Harness />);
    const dialog = await openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('This cannot be undone.').parentElement?.id,
    );
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Keep it', 'Yes, remove']);
    expect(buttons[1]!.className).toContain('button--danger');
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('keeps Tab inside and gives focus back to the control that opened it on Escape', async () => {
    render(<Harness />);
    const dialog = await openDialog();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove it' }));
  });

  it('confirms with the destructive button', async () => {
    render(<Harness />);
    await userEvent.click(within(await openDialog()).getByRole('button', { name: 'Yes, remove' }));
    expect(screen.getByText('Confirmed 1')).toBeTruthy();
  });

  it('ignores Escape and disables both buttons while the confirmed step runs, and says why it failed', async () => {
    render(<Harness busy error="Failed to remove it" />);
    const dialog = await openDialog();
    expect(within(dialog).getByRole('alert').textContent).toBe('Failed to remove it');
    expect(within(dialog).getByRole('button', { name: 'Removing...' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
