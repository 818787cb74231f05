import { describeSavedSearch } from '@agentry/domain/saved-searches';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import { errorText } from '../../../lib/api/api-client';
import {
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  type DigestFrequency,
  deleteSavedSearch,
  getSavedSearches,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearch,
  updateSavedSearch,
} from '../../../lib/api/saved-searches';
import { useEmployerAccess } from '../../../lib/auth/employer-access';

// "Saved searches" on the employer dashboard (issue 28): the searches saved from the advanced
// search, each opened in one click, renamed, its e-mail digest set (none, daily, weekly), deleted.

export function SavedSearchesPanel() {
  const access = useEmployerAccess();
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const loaded = useAsync(access === 'active' ? `saved-searches-${version}` : null, (signal) =>
    getSavedSearches(signal),
  );
  const reload = () => setVersion((value) => value + 1);
  if (access !== 'active') return null;
  const count = loaded.status === 'success' ? loaded.data.searches.length : null;

  return (
    <section className="dashboard-panel saved-searches" aria-labelledby="saved-searches-title">
      <div className="dashboard-section__head">
        <h2 id="saved-searches-title">
          Saved searches
          {count !== null && loaded.status === 'success' ? (
            <span className="dashboard-section__count">
              {' '}
              ({count} of {loaded.data.max})
            </span>
          ) : null}
        </h2>
      </div>
      <p>
        Save a search from the <Link to="/employer/search">advanced search</Link> and choose a digest: we
        e-mail you the agents added or changed that match it, daily or weekly.
      </p>
      {message ? <FormAlert kind="success">{message}</FormAlert> : null}
      {loaded.status === 'loading' || loaded.status === 'idle' ? (
        <PageLoading label="Loading your saved searches..." />
      ) : loaded.status === 'error' ? (
        <div className="notice notice--error">
          <p>{errorText(loaded.error, 'We could not load your saved searches.')}</p>
          <button className="button button--secondary button--small" type="button" onClick={reload}>
            Try again
          </button>
        </div>
      ) : loaded.data.searches.length === 0 ? (
        <p className="empty-state">No saved searches yet.</p>
      ) : (
        <ul className="saved-searches__list">
          {loaded.data.searches.map((search) => (
            <SavedSearchItem
              key={`${search.id}-${search.updated_at}`}
              search={search}
              onChanged={(text) => {
                setMessage(text);
                reload();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchItem({
  search,
  onChanged,
}: {
  search: SavedSearch;
  onChanged: (message: string) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      onChanged(done);
    } catch (failure) {
      setError(errorText(failure, 'That did not work. Please try again.'));
      setBusy(false);
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void act(() => updateSavedSearch(search.id, { name }), `Renamed to "${name.trim()}".`);
  };

  return (
    <li className="saved-searches__item">
      {renaming ? (
        <form className="saved-searches__rename" onSubmit={rename} aria-label={`Rename ${search.name}`}>
          <label htmlFor={`saved-search-name-${search.id}`}>New name</label>
          <input
            id={`saved-search-name-${search.id}`}
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            required
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button button--primary button--small" disabled={busy}>
            Save
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setRenaming(false)}
          >
            Cancel
          </button>
        </form>
      ) : (
        <h3 className="saved-searches__name">{search.name}</h3>
      )}
      <p className="saved-searches__what">{describeSavedSearch(search.search)}</p>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <div className="saved-searches__actions">
        <Link className="button button--primary button--small" to={search.path}>
          Open
        </Link>
        <label htmlFor={`saved-search-alert-${search.id}`} className="visually-hidden">
          E-mail alert for {search.name}
        </label>
        <select
          id={`saved-search-alert-${search.id}`}
          value={search.alert}
          disabled={busy}
          onChange={(event) => {
            const alert = event.target.value as DigestFrequency;
            void act(
              () => updateSavedSearch(search.id, { alert }),
              `"${search.name}": ${DIGEST_FREQUENCY_LABELS[alert].toLowerCase()}.`,
            );
          }}
        >
          {DIGEST_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {DIGEST_FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </select>
        {renaming ? null : (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setRenaming(true)}
          >
            Rename
          </button>
        )}
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => void act(() => deleteSavedSearch(search.id), `Deleted "${search.name}".`)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
