import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';
import { API_KEY_NAME_MAX } from '../api/api-keys';

/** "New key": what it is for, and Create key; the server's refusal (10 keys already) said as it words it. */
export function NewApiKeyForm({ onCreate }: { onCreate: (name: string) => Promise<unknown> }) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setFailure('Please give the key a name, such as the assistant or program that will use it');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onCreate(name.trim());
      setName('');
    } catch (error) {
      setFailure(errorText(error, 'Failed to create the key. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="shortlist-new"
      aria-label="New API key"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div className="field form-field">
        <label htmlFor="api-key-new-name">Name of a new key</label>
        <div className="shortlist-new__row">
          <input
            id="api-key-new-name"
            type="text"
            value={name}
            maxLength={API_KEY_NAME_MAX}
            placeholder="e.g. Claude Desktop, nightly report"
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'api-key-new-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <button className="button button--primary" type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create key'}
          </button>
        </div>
      </div>
      {failure ? (
        <div id="api-key-new-error">
          <FormAlert kind="error">{failure}</FormAlert>
        </div>
      ) : null}
    </form>
  );
}
