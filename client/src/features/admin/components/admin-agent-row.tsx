import { decodeEntities } from '@agentry/domain/html-entities';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/api/api-client';
import type { AdminAgent } from '../api/get-admin-agents';
import { setAgentRemoved } from '../api/save-admin-agent';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { AdminAgentFacts } from './admin-agent-facts';

// One agent in Manage Agents: its fields, its status, a Removed badge when soft-deleted, Edit, and
// Delete, which reads Restore once the agent is removed (spec section 4). A delete takes the agent
// out of the directory and search at once, so it asks first, and then says it was done with an Undo
// beside it (issue 25: one click deleted, with no word). An agent not listed yet says why instead of
// Removed: it waits in the review queue, or for a link sent to its address. The status line shows
// only a status staff set.

const HOLD_BADGES = {
  none: 'Removed',
  review: 'Awaiting review',
  claim: 'Awaiting its address',
} as const;

export function AdminAgentRow({
  agent,
  onChanged,
  onEdit,
}: {
  agent: AdminAgent;
  onChanged: (agent: AdminAgent) => void;
  onEdit: (agent: AdminAgent, opener: HTMLElement) => void;
}) {
  const { run } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [factsOpen, setFactsOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Set by a delete made here: the note with its Undo, until the agent is restored.
  const [deletedHere, setDeletedHere] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const name = decodeEntities(agent.name);
  const removing = !agent.removed;

  async function setRemoved(remove: boolean) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await run((token) => setAgentRemoved(token, agent.id, remove)));
      setDeletedHere(remove);
    } catch (error) {
      setFailure(
        errorText(error, remove ? ADMIN_MESSAGES.deleteAgentFailed : ADMIN_MESSAGES.restoreAgentFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={`admin-agent${agent.removed ? ' admin-agent--removed' : ''}`}>
      <div className="admin-agent__main">
        <p className="admin-agent__name">
          <strong>{name}</strong>
          {agent.removed ? (
            <span className="status-badge status-badge--removed">
              {HOLD_BADGES[agent.held_for ?? 'none']}
            </span>
          ) : null}
        </p>
        <p className="admin-agent__meta">
          <span>by {decodeEntities(agent.provider)}</span>
          <span>{decodeEntities(agent.cost)}</span>
          {agent.email ? <span>{agent.email}</span> : null}
          <a href={agent.address} target="_blank" rel="noopener noreferrer nofollow">
            {agent.address}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
        {agent.status ? <p className="admin-agent__status">Status: {agent.status}</p> : null}
      </div>
      <div className="admin-agent__actions">
        <button
          className="button button--secondary button--small"
          type="button"
          onClick={(event) => onEdit(agent, event.currentTarget)}
        >
          Edit<span className="visually-hidden"> {name}</span>
        </button>
        <button
          className="button button--secondary button--small"
          type="button"
          aria-expanded={factsOpen}
          onClick={() => setFactsOpen((open) => !open)}
        >
          Profile<span className="visually-hidden"> of {name}</span>
        </button>
        <button
          className={`button button--small ${removing ? 'button--secondary' : 'button--primary'}`}
          type="button"
          // aria-disabled, not disabled: a disabled button would drop the keyboard's focus to the page.
          aria-disabled={busy || undefined}
          ref={deleteRef}
          onClick={() => (removing ? setConfirming(true) : void setRemoved(false))}
        >
          {busy ? (removing ? 'Deleting...' : 'Restoring...') : removing ? 'Delete' : 'Restore'}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {failure ? (
        <p className="form-field__error admin-agent__failure" role="alert">
          {failure}
        </p>
      ) : null}
      {factsOpen ? <AdminAgentFacts agentId={agent.id} onClose={() => setFactsOpen(false)} /> : null}
      {deletedHere && agent.removed ? (
        <p className="admin-agent__undo" role="status">
          {name} was deleted: it is no longer in the directory or search.{' '}
          <button className="link-button" type="button" onClick={() => void setRemoved(false)}>
            Undo<span className="visually-hidden"> the delete of {name}</span>
          </button>
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Delete ${name}?`}
          confirmLabel="Delete"
          dismissLabel="Keep it"
          returnFocusTo={deleteRef}
          onDismiss={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void setRemoved(true);
          }}
        >
          <p>
            It leaves the directory and search at once. Its listing is kept: Restore (or Undo) brings it back.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
