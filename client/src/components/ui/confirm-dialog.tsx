import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { FormAlert } from '../form/form-alert';

// The site's one confirmation before a step that cannot be taken back lightly (cancelling the
// subscription, deleting an agent). A modal <dialog> with role="alertdialog": the page behind is
// inert, it names the consequence in full and is styled like the rest of the site. As platforms
// order them, the safe choice comes first and the destructive one second. Focus moves in (to the
// safe choice), Tab stays inside, Escape dismisses, and focus returns to the control that opened it.

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ConfirmDialogProps {
  title: string;
  /** What confirming does, in words (read out as the dialog's description). */
  children: ReactNode;
  confirmLabel: string;
  dismissLabel: string;
  /** While the confirmed action runs: both buttons are disabled and Escape does nothing. */
  busy?: boolean;
  busyLabel?: string;
  /** Why the confirmed action failed; the dialog stays open to try again or dismiss. */
  error?: string | null;
  onConfirm: () => void;
  onDismiss: () => void;
  /** The control that opened the dialog (else whatever had focus); focus goes back to it if it is still on the page. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    title,
    children,
    confirmLabel,
    dismissLabel,
    busy = false,
    busyLabel,
    error,
    returnFocusTo,
  } = props;
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dismissRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const focusedBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: there the dialog is merely open.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dismissRef.current?.focus();
    return () => {
      if (dialog?.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      const opener = returnFocusTo?.current ?? focusedBefore;
      if (opener?.isConnected) opener.focus();
    };
  }, [returnFocusTo]);

  function dismiss() {
    if (!busy) props.onDismiss();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // Handled here, not by the browser's own close, so React stays the one that removes the dialog.
      event.preventDefault();
      dismiss();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={descriptionId} className="dialog__body">
        {children}
      </div>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <div className="dialog__actions">
        <button
          ref={dismissRef}
          className="button button--secondary"
          type="button"
          disabled={busy}
          onClick={props.onDismiss}
        >
          {dismissLabel}
        </button>
        <button className="button button--danger" type="button" disabled={busy} onClick={props.onConfirm}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
