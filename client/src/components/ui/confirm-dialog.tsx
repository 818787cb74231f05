import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

// An in-page confirmation (spec section 6: cancelling asks first). A role="alertdialog" rather
// than window.confirm: it can name the consequence in full, it is styled like the rest of the
// site, and it can be tested. Focus moves in (to the safe choice), Tab stays inside, Escape
// dismisses, and focus returns to the control that opened it.

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
  onConfirm: () => void;
  onDismiss: () => void;
  /** The control that opened the dialog; it gets focus back if it is still on the page. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, dismissLabel, busy = false, busyLabel, returnFocusTo } = props;
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const dismissRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    dismissRef.current?.focus();
    return () => {
      const opener = returnFocusTo?.current;
      if (opener?.isConnected) opener.focus();
    };
  }, [returnFocusTo]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      props.onDismiss();
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
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={descriptionId} className="dialog__body">
          {children}
        </div>
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
      </div>
    </div>
  );
}
