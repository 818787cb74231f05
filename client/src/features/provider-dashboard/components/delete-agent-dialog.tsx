import { type RefObject, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/api/api-client';
import { deleteOwnAgent } from '../api/delete-own-agent';

// The confirmation the spec asks for before a delete ("it cannot be undone"), in the site's one
// confirmation dialog; a failed delete is said inside it, to try again or cancel.

export function DeleteAgentDialog({
  agentId,
  agentName,
  returnFocusTo,
  onDeleted,
  onCancel,
}: {
  agentId: string;
  agentName: string;
  /** The Delete button that opened the dialog. */
  returnFocusTo: RefObject<HTMLElement | null>;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

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
    <ConfirmDialog
      title={`Delete ${agentName}?`}
      confirmLabel="Delete agent"
      dismissLabel="Cancel"
      busy={deleting}
      busyLabel="Deleting..."
      error={failure}
      onConfirm={() => void confirm()}
      onDismiss={onCancel}
      returnFocusTo={returnFocusTo}
    >
      <p>
        This cannot be undone: the agent leaves the directory and your dashboard. To list it again you would
        register it anew.
      </p>
    </ConfirmDialog>
  );
}
