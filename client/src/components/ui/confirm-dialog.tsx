import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { FormAlert } from '../form/form-alert';
import { ModalDialog } from './modal-dialog';

// The site's one confirmation before a step that cannot be taken back lightly (cancelling the
// subscription, deleting an agent). A modal dialog (ModalDialog) with role="alertdialog": it names
// the consequence in full and is styled like the rest of the site. As platforms order them, the
// safe choice comes first and the destructive one second, and focus starts on the safe one.

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
  const descriptionId = useId();
  const dismissRef = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog
      title={title}
      role="alertdialog"
      describedBy={descriptionId}
      busy={busy}
      onDismiss={props.onDismiss}
      initialFocus={dismissRef}
      returnFocusTo={returnFocusTo}
    >
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
    </ModalDialog>
  );
}
