import { ORGANIZATION_NAME_MAX, TEAM_MESSAGES } from '@agentry/domain/team';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';

/** The organisation's name: the team's name, which providers see on its requests. */
export function TeamNameForm({
  current,
  onSave,
}: {
  current: string | null;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(current ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setFailure(TEAM_MESSAGES.nameRequired);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSave(name.trim());
    } catch (error) {
      setFailure(errorText(error, 'Failed to save the name. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="shortlist-new"
      aria-label="The organisation's name"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div className="field form-field">
        <label htmlFor="team-name">Organisation name</label>
        <p className="form-field__hint" id="team-name-hint">
          {current
            ? 'Providers see it on your team’s requests.'
            : 'Name your organisation to invite colleagues.'}
        </p>
        <div className="shortlist-new__row">
          <input
            id="team-name"
            type="text"
            value={name}
            maxLength={ORGANIZATION_NAME_MAX}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'team-name-hint team-name-error' : 'team-name-hint'}
            onChange={(event) => setName(event.target.value)}
          />
          <button className="button button--secondary" type="submit" disabled={busy}>
            {busy ? 'Saving...' : current ? 'Rename' : 'Save name'}
          </button>
        </div>
      </div>
      {failure ? (
        <div id="team-name-error">
          <FormAlert kind="error">{failure}</FormAlert>
        </div>
      ) : null}
    </form>
  );
}
