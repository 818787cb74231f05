import { PRODUCT_NAME } from '@agentry/domain/product';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { failureText } from '../../../lib/api/api-client';
import { unsubscribeSavedSearch } from '../../../lib/api/saved-searches';

// /saved-searches/unsubscribe?id=…&token=…: the link at the foot of every digest of a saved search.
// It works signed out (the token is the proof) and asks for one click first, so that a mail
// scanner that opens links never unsubscribes anybody.

type State =
  | { step: 'ask' }
  | { step: 'sending' }
  | { step: 'done'; name: string }
  | { step: 'failed'; error: string };

export function UnsubscribePage() {
  useBasicPageMeta(
    'Stop e-mails about a saved search',
    `Stop the digest e-mails of a saved search on ${PRODUCT_NAME}.`,
  );
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'ask' });

  const stop = async () => {
    setState({ step: 'sending' });
    try {
      setState({ step: 'done', name: await unsubscribeSavedSearch(id, token) });
    } catch (error) {
      setState({ step: 'failed', error: failureText(error, 'We could not stop these e-mails') });
    }
  };

  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1>{state.step === 'done' ? 'E-mails stopped' : 'Stop e-mails about a saved search'}</h1>
      </header>
      {!id || !token ? (
        <FormAlert kind="error">
          This link is incomplete. Copy the whole link from the e-mail, or <Link to="/signin">sign in</Link>{' '}
          and change the alert in your employer dashboard.
        </FormAlert>
      ) : state.step === 'done' ? (
        <>
          <FormAlert kind="success">
            You will receive no more digests about "{state.name}". The search stays saved: open it or turn its
            e-mails back on in your <Link to="/employer-dashboard">employer dashboard</Link>.
          </FormAlert>
        </>
      ) : (
        <>
          {state.step === 'failed' ? <FormAlert kind="error">{state.error}</FormAlert> : null}
          <p>The digest e-mails of this saved search will stop. The search itself stays saved.</p>
          <p className="status-page__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={state.step === 'sending'}
              onClick={() => void stop()}
            >
              {state.step === 'sending' ? 'Stopping...' : 'Stop these e-mails'}
            </button>
          </p>
        </>
      )}
    </div>
  );
}
