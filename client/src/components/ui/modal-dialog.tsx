import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

// The site's modal: a <dialog> shown with showModal(), so the page behind is inert, with a heading
// that names it. Focus moves in (to `initialFocus`, else the first control), Tab stays inside,
// Escape dismisses (unless busy), and focus returns to the control that opened it. ConfirmDialog
// and the admin's Edit Agent form are built on it.

const FOCUSABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export interface ModalDialogProps {
  title: string;
  children: ReactNode;
  /** 'alertdialog' for a confirmation that interrupts; 'dialog' for a task (a form). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** The id of the element that says what the dialog is about. */
  describedBy?: string;
  /** Escape (or the platform's own close) calls it, unless `busy`. */
  onDismiss: () => void;
  busy?: boolean;
  /** What takes focus on opening; the first control when not given. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The control that opened the dialog (else whatever had focus); focus goes back to it if it is still on the page. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ModalDialog(props: ModalDialogProps) {
  const { title, children, role = 'dialog', className = 'dialog', describedBy, busy = false } = props;
  const { initialFocus, returnFocusTo } = props;
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const focusedBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: there the dialog is merely open.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = initialFocus?.current ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (dialog?.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      const opener = returnFocusTo?.current ?? focusedBefore;
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus, returnFocusTo]);

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
      className={className}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** A dialog's only action once its work is done (a message sent, a list saved): Close. */
export function DialogCloseButton({ onClose }: { onClose: () => void }) {
  return (
    <div className="dialog__actions">
      <button className="button button--secondary" type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
