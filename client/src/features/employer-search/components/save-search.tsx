import { describeSavedSearch } from '@agentry/domain/saved-searches';
import { type FormEvent, useRef, useState } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';
import {
  createSavedSearch,
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  type DigestFrequency,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearch,
} from '../../../lib/api/saved-searches';
import { savedSearchOf } from '../utils/saved-search-of';

// "Save this search" (issue 28): the search on the screen (words, filters, price range, order)
// kept under a name, with an e-mail digest of new and changed matches, daily, weekly or none.
// Saved searches are listed, opened and changed on the employer dashboard.

export function SaveSearch() {
  const { uiState } = useInstantSearch();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<SavedSearch | null>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const search = savedSearchOf(uiState);

  if (!open)
    return (
      <div className="save-search">
        <button
          type="button"
          className="button button--secondary"
          ref={openRef}
          onClick={() => {
            setSaved(null);
            setOpen(true);
          }}
        >
          Save this search
        </button>
        {saved ? (
          <p className="save-search__done" role="status">
            Saved "{saved.name}". Your saved searches are on{' '}
            <Link to="/employer-dashboard">your dashboard</Link>.
          </p>
        ) : null}
      </div>
    );
  return (
    <SaveSearchForm
      description={describeSavedSearch(search)}
      defaultName={search.query || 'My search'}
      onCancel={() => {
        setOpen(false);
        openRef.current?.focus();
      }}
      onSave={async (name, alert) => {
        const made = await createSavedSearch({ name, search, alert });
        setSaved(made);
        setOpen(false);
      }}
    />
  );
}

function SaveSearchForm({
  description,
  defaultName,
  onCancel,
  onSave,
}: {
  description: string;
  defaultName: string;
  onCancel: () => void;
  onSave: (name: string, alert: DigestFrequency) => Promise<void>;
}) {
  const [name, setName] = useState(defaultName.slice(0, SAVED_SEARCH_NAME_MAX));
  const [alert, setAlert] = useState<DigestFrequency>('daily');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Please give the search a name');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(name, alert);
    } catch (failure) {
      setError(errorText(failure, 'We could not save the search. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <form
      className="save-search save-search--open"
      aria-label="Save this search"
      onSubmit={(event) => void submit(event)}
    >
      <p className="save-search__what">{description}</p>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <div className="field">
        <label htmlFor="save-search-name">Name</label>
        <input
          id="save-search-name"
          value={name}
          maxLength={SAVED_SEARCH_NAME_MAX}
          required
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="save-search-alert">E-mail me new and changed matches</label>
        <select
          id="save-search-alert"
          value={alert}
          onChange={(event) => setAlert(event.target.value as DigestFrequency)}
        >
          {DIGEST_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {DIGEST_FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </select>
      </div>
      <div className="save-search__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save search'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
