import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/api/api-client';
import { SHORTLIST_NAME_MAX, type Shortlist } from '../../../lib/api/shortlists';
import { COMPARE_MAX, COMPARE_MIN, compareLink } from '../../../lib/compare-selection';
import { ShortlistAgents } from './shortlist-agents';

// One shortlist: its name and size, its agents on demand, Open in comparison (the first four),
// Rename in place and Delete after a confirmation.

export interface ShortlistActions {
  rename: (id: string, name: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  removeAgent: (id: string, agentId: string) => Promise<void>;
}

export function ShortlistItem({
  list,
  actions,
  onDeleted,
  headingRef,
}: {
  list: Shortlist;
  actions: ShortlistActions;
  onDeleted: (name: string) => void;
  headingRef?: (element: HTMLHeadingElement | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState<'asking' | 'busy' | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const backToRename = useRef(false);
  const headingId = `shortlist-${list.id}`;
  const agentsId = `shortlist-${list.id}-agents`;
  const count = list.agent_ids.length;

  useEffect(() => {
    if (renaming || !backToRename.current) return;
    backToRename.current = false;
    renameRef.current?.focus();
  }, [renaming]);

  async function confirmDelete() {
    setDeleting('busy');
    setDeleteFailure(null);
    try {
      await actions.remove(list.id);
      onDeleted(list.name);
    } catch (error) {
      setDeleteFailure(errorText(error, 'Failed to delete the list'));
      setDeleting('asking');
    }
  }

  return (
    <article className="shortlist" aria-labelledby={headingId}>
      <h3 id={headingId} className="shortlist__name" ref={headingRef} tabIndex={-1}>
        {list.name}{' '}
        <span className="dashboard-section__count">
          ({count} {count === 1 ? 'agent' : 'agents'})
        </span>
      </h3>
      {list.created_by ? <p className="shortlist__author">Made by {list.created_by}</p> : null}
      {renaming ? (
        <RenameForm
          list={list}
          onSave={async (name) => {
            await actions.rename(list.id, name);
            backToRename.current = true;
            setRenaming(false);
          }}
          onCancel={() => {
            backToRename.current = true;
            setRenaming(false);
          }}
        />
      ) : null}
      <div className="shortlist__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={open}
          aria-controls={agentsId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide agents' : 'Show agents'}
          <span className="visually-hidden"> of {list.name}</span>
        </button>
        {count >= COMPARE_MIN ? (
          <Link
            className="button button--secondary button--small"
            to={compareLink(list.agent_ids.slice(0, COMPARE_MAX))}
          >
            Open in comparison<span className="visually-hidden"> ({list.name})</span>
          </Link>
        ) : null}
        {renaming ? null : (
          <button ref={renameRef} type="button" className="link-button" onClick={() => setRenaming(true)}>
            Rename<span className="visually-hidden"> {list.name}</span>
          </button>
        )}
        <button ref={deleteRef} type="button" className="link-button" onClick={() => setDeleting('asking')}>
          Delete<span className="visually-hidden"> {list.name}</span>
        </button>
      </div>
      {count > COMPARE_MAX ? (
        <p className="form-field__hint">The comparison shows the first {COMPARE_MAX}.</p>
      ) : null}
      <div id={agentsId} hidden={!open}>
        {open ? (
          <ShortlistAgents
            listName={list.name}
            agentIds={list.agent_ids}
            authors={authorsOf(list)}
            onRemove={(agentId) => actions.removeAgent(list.id, agentId)}
          />
        ) : null}
      </div>
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${list.name}?`}
          confirmLabel="Delete list"
          dismissLabel="Keep it"
          busy={deleting === 'busy'}
          busyLabel="Deleting..."
          error={deleteFailure}
          onConfirm={() => void confirmDelete()}
          onDismiss={() => {
            setDeleting(null);
            setDeleteFailure(null);
          }}
          returnFocusTo={deleteRef}
        >
          <p>
            The list goes, with its {count === 1 ? 'agent' : `${count} agents`}; the agents stay in the
            directory.
          </p>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}

function RenameForm({
  list,
  onSave,
  onCancel,
}: {
  list: Shortlist;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(list.name);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = `shortlist-${list.id}-name`;

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setFailure('Please give the list a name');
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSave(name.trim());
    } catch (error) {
      setFailure(errorText(error, 'Failed to rename the list. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <form
      className="shortlist-rename"
      aria-label={`Rename ${list.name}`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div className="field form-field">
        <label htmlFor={id}>New name</label>
        <input
          id={id}
          ref={inputRef}
          type="text"
          value={name}
          maxLength={SHORTLIST_NAME_MAX}
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {failure ? (
          <p className="form-field__error" id={`${id}-error`} role="alert">
            {failure}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button className="button button--primary button--small" type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save name'}
        </button>
        <button
          className="button button--secondary button--small"
          type="button"
          onClick={onCancel}
          disabled={busy}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Who added each agent (a team's lists keep it: issue 28); items from before authors were kept have none. */
function authorsOf(list: Shortlist): ReadonlyMap<string, string> {
  return new Map(
    list.items.flatMap((item) => (item.added_by ? [[item.agent_id, item.added_by] as const] : [])),
  );
}
