import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';
import { deleteOwnAgent } from '../api/delete-own-agent';

// The confirmation the spec asks for before a delete ("it cannot be undone"). A native modal
// <dialog> where the browser has one (focus stays inside, the page behind is inert), an open one
// otherwise (jsdom). Focus starts on Cancel, the safe choice; Escape cancels.

export function DeleteAgentDialog({
  agentId,
  agentName,
  onDeleted,
  onCancel,
}: {
  agentId: string;
  agentName: string;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    cancelRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    // Handled here rather than by the browser's own close, so React stays the one that unmounts it.
    event.preventDefault();
    if (!deleting) onCancel();
  }

  async function confirm() {
    setDeleting(true);
    setFailure(null);
    try {
      await deleteOwnAgent(agentId);
      onDeleted();
    } catch (error) {
      setFailure(errorText(error, 'Failed to delete agent'));
      setDeleting(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        if (!deleting) onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        Delete {agentName}?
      </h2>
      <p id={textId}>
        This cannot be undone: the agent leaves the directory and your dashboard. To list it again you would
        register it anew.
      </p>
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <div className="form-actions">
        <button className="button button--danger" type="button" onClick={confirm} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete agent'}
        </button>
        <button
          className="button button--secondary"
          type="button"
          ref={cancelRef}
          onClick={onCancel}
          disabled={deleting}
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
