import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAsync } from '../../hooks/use-async';
import { errorText } from '../../lib/api/api-client';
import { requiresSubscription } from '../../lib/api/requires-subscription';
import {
  addToShortlist,
  createShortlist,
  getShortlists,
  SHORTLIST_NAME_MAX,
  type Shortlist,
} from '../../lib/api/shortlists';
import { useEmployerAccess } from '../../lib/auth/employer-access';
import { FormAlert } from '../form/form-alert';
import { DialogCloseButton, ModalDialog } from '../ui/modal-dialog';
import { PageLoading } from '../ui/page-loading';
import type { DialogAgent } from './contact-request-dialog';
import { SubscribeInvitation } from './subscribe-invitation';

// "Save to list": puts one agent (from a search result) or several (a comparison) on one of the
// employer's shortlists, or on a new one named here. The lists themselves are managed on the
// employer dashboard.

const NEW_LIST = '';

function savedWhat(agents: readonly DialogAgent[]): string {
  return agents.length === 1 ? agents[0]!.name : `${agents.length} agents`;
}

export function SaveToListDialog({
  agents,
  onClose,
  returnFocusTo,
}: {
  agents: readonly DialogAgent[];
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const access = useEmployerAccess();
  const lists = useAsync(access === 'active' ? 'shortlists' : null, (signal) => getShortlists(signal));
  const [lapsed, setLapsed] = useState(false);
  const [savedTo, setSavedTo] = useState<Shortlist | null>(null);
  const [busy, setBusy] = useState(false);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (savedTo) doneRef.current?.focus();
  }, [savedTo]);

  const refused = lapsed || (lists.status === 'error' && requiresSubscription(lists.error));
  const title = `Save ${savedWhat(agents)} to a list`;
  let body: ReactNode;
  if (access !== 'active' || refused) {
    body = (
      <>
        <SubscribeInvitation access={refused ? 'lapsed' : access} />
        <DialogCloseButton onClose={onClose} />
      </>
    );
  } else if (savedTo) {
    body = (
      <>
        <div className="dialog__body" ref={doneRef} tabIndex={-1}>
          <FormAlert kind="success">
            Saved {savedWhat(agents)} to {savedTo.name}.
          </FormAlert>
          <p>
            Your lists are on <Link to="/employer-dashboard">your dashboard</Link>.
          </p>
        </div>
        <DialogCloseButton onClose={onClose} />
      </>
    );
  } else if (lists.status === 'success') {
    body = (
      <SaveForm
        agents={agents}
        lists={lists.data}
        onBusy={setBusy}
        onSaved={setSavedTo}
        onLapsed={() => setLapsed(true)}
        onCancel={onClose}
      />
    );
  } else if (lists.status === 'error') {
    body = (
      <>
        <FormAlert kind="error">
          {errorText(lists.error, 'We could not load your lists. Please try again.')}
        </FormAlert>
        <DialogCloseButton onClose={onClose} />
      </>
    );
  } else {
    body = <PageLoading label="Loading your lists..." />;
  }

  return (
    <ModalDialog title={title} onDismiss={onClose} busy={busy} returnFocusTo={returnFocusTo}>
      {body}
    </ModalDialog>
  );
}

function SaveForm({
  agents,
  lists,
  onBusy,
  onSaved,
  onLapsed,
  onCancel,
}: {
  agents: readonly DialogAgent[];
  lists: readonly Shortlist[];
  onBusy: (busy: boolean) => void;
  onSaved: (list: Shortlist) => void;
  onLapsed: () => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState(lists[0]?.id ?? NEW_LIST);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // A list made by an earlier try that failed later on: the next try adds to it instead.
  const created = useRef<Shortlist | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The lists arrive after the dialog opened: focus goes to the chosen list (or the new list's name).
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input:checked, input[type="text"]')?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (choice === NEW_LIST && !created.current && name.trim() === '') {
      setNameError('Please give the list a name');
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    setFailure(null);
    setSaving(true);
    onBusy(true);
    try {
      if (choice === NEW_LIST && !created.current) created.current = await createShortlist(name.trim());
      let list = choice === NEW_LIST ? created.current! : lists.find((candidate) => candidate.id === choice)!;
      for (const agent of agents) list = await addToShortlist(list.id, agent.id);
      onSaved(list);
    } catch (error) {
      if (requiresSubscription(error)) onLapsed();
      else setFailure(errorText(error, 'Failed to save to the list. Please try again.'));
    } finally {
      setSaving(false);
      onBusy(false);
    }
  }

  const holdsAll = (list: Shortlist) => agents.every((agent) => list.agent_ids.includes(agent.id));
  const nameField = (
    <div className="field form-field">
      <label htmlFor="save-list-name">Name of the new list</label>
      <input
        id="save-list-name"
        ref={nameRef}
        type="text"
        value={name}
        maxLength={SHORTLIST_NAME_MAX}
        aria-invalid={nameError ? true : undefined}
        aria-describedby={nameError ? 'save-list-name-error' : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {nameError ? (
        <p className="form-field__error" id="save-list-name-error">
          {nameError}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      ref={formRef}
      className="save-list-form"
      noValidate
      aria-label="Choose a list"
      onSubmit={(event) => void submit(event)}
    >
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      {lists.length > 0 ? (
        <fieldset className="save-list-form__lists">
          <legend>Your lists</legend>
          {lists.map((list) => (
            <label key={list.id}>
              <input
                type="radio"
                name="shortlist"
                value={list.id}
                checked={choice === list.id}
                onChange={() => setChoice(list.id)}
              />{' '}
              {list.name}{' '}
              <span className="form-field__hint">
                ({list.agent_ids.length} {list.agent_ids.length === 1 ? 'agent' : 'agents'}
                {holdsAll(list) ? ', already holds this' : ''})
              </span>
            </label>
          ))}
          <label>
            <input
              type="radio"
              name="shortlist"
              value=""
              checked={choice === NEW_LIST}
              onChange={() => setChoice(NEW_LIST)}
            />{' '}
            A new list
          </label>
        </fieldset>
      ) : null}
      {choice === NEW_LIST ? nameField : null}
      <div className="dialog__actions">
        <button className="button button--secondary" type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
