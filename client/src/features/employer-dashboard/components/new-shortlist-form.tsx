import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';
import { SHORTLIST_NAME_MAX, type Shortlist } from '../../../lib/api/shortlists';

/** "New list": a name and Create; the server refuses a name another list has (409, said as it words it). */
export function NewShortlistForm({ onCreate }: { onCreate: (name: string) => Promise<Shortlist> }) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setFailure('Please give the list a name');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onCreate(name.trim());
      setName('');
    } catch (error) {
      setFailure(errorText(error, 'Failed to create the list. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="shortlist-new" aria-label="New list" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field form-field">
        <label htmlFor="shortlist-new-name">Name of a new list</label>
        <div className="shortlist-new__row">
          <input
            id="shortlist-new-name"
            type="text"
            value={name}
            maxLength={SHORTLIST_NAME_MAX}
            placeholder="e.g. Support desk, Q3"
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'shortlist-new-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <button className="button button--primary" type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create list'}
          </button>
        </div>
      </div>
      {failure ? (
        <div id="shortlist-new-error">
          <FormAlert kind="error">{failure}</FormAlert>
        </div>
      ) : null}
    </form>
  );
}
