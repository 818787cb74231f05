import { PLANS } from '@agentry/domain/plans';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api/api-client';
import { requiresSubscription } from '../../../lib/api/requires-subscription';
import { useEmployerAccess } from '../../../lib/auth/employer-access';
import { useShortlists } from '../hooks/use-shortlists';
import { NewShortlistForm } from './new-shortlist-form';
import { ShortlistItem } from './shortlist-item';

// "Your shortlists" on the employer dashboard: create, rename and delete lists, see and prune the
// agents on each, and open one in the comparison. Agents are added from the advanced search and
// the comparison ("Save to list").

export function ShortlistsPanel() {
  const access = useEmployerAccess();
  const shortlists = useShortlists(access === 'active');
  const { state } = shortlists;
  const [message, setMessage] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const [focusList, setFocusList] = useState<string | null>(null);

  // A new list: the keyboard goes to it.
  useEffect(() => {
    if (!focusList) return;
    headings.current.get(focusList)?.focus();
    setFocusList(null);
  }, [focusList]);

  const { create } = shortlists;
  const createList = useCallback(
    async (name: string) => {
      const list = await create(name);
      setMessage(`${list.name} was created.`);
      setFocusList(list.id);
      return list;
    },
    [create],
  );

  const refused = access === 'lapsed' || (state.status === 'error' && requiresSubscription(state.error));
  const count = state.status === 'ready' ? state.lists.length : null;
  return (
    <section className="dashboard-panel shortlists" aria-labelledby="shortlists-title">
      <div className="dashboard-section__head">
        <h2 id="shortlists-title" ref={titleRef} tabIndex={-1}>
          Your shortlists
          {count !== null ? <span className="dashboard-section__count"> ({count})</span> : null}
        </h2>
        {refused ? null : (
          <Link className="button button--secondary button--small" to="/employer/search">
            Find agents to add
          </Link>
        )}
      </div>
      {refused ? (
        <p>
          Shortlists, the comparison and contact requests come with an active{' '}
          {PLANS.employer.name.toLowerCase()}: see Subscription above.
        </p>
      ) : state.status === 'loading' || state.status === 'idle' ? (
        <PageLoading label="Loading your lists..." />
      ) : state.status === 'error' ? (
        <div className="notice notice--error">
          <p>{errorText(state.error, 'We could not load your lists.')}</p>
          <button
            className="button button--secondary button--small"
            type="button"
            onClick={shortlists.reload}
          >
            Load the lists again
          </button>
        </div>
      ) : (
        <>
          {message ? <FormAlert kind="success">{message}</FormAlert> : null}
          <NewShortlistForm onCreate={createList} />
          {state.lists.length === 0 ? (
            <p className="form-field__hint">No lists yet. Name one above, or use Save to list on an agent.</p>
          ) : (
            <ul className="shortlists__list">
              {state.lists.map((list) => (
                <li key={list.id}>
                  <ShortlistItem
                    list={list}
                    actions={shortlists}
                    headingRef={(element) => {
                      if (element) headings.current.set(list.id, element);
                      else headings.current.delete(list.id);
                    }}
                    onDeleted={(name) => {
                      setMessage(`${name} was deleted.`);
                      titleRef.current?.focus();
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
