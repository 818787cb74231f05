import { PLANS } from '@agentry/domain/plans';
import { ROUTES } from '@agentry/domain/routes';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api/api-client';
import { useEmployerAccess } from '../../../lib/auth/employer-access';
import { API_KEYS_PER_EMPLOYER_MAX } from '../api/api-keys';
import { useApiKeys } from '../hooks/use-api-keys';
import { ApiKeyItem } from './api-key-item';
import { NewApiKeyForm } from './new-api-key-form';
import { NewApiKeyNotice } from './new-api-key-notice';

// "API keys" on the employer dashboard: keys for the employer's own AI assistants and programs,
// which then use the employer tools (comparison and price filters over MCP, the employer API).
// Made here with a name and shown once; listed by name and first characters with their last use;
// revoked here. An employer whose plan lapsed still sees and revokes them, and makes none.

export function ApiKeysPanel() {
  const access = useEmployerAccess();
  const keys = useApiKeys();
  const { state } = keys;
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const lapsed = access === 'lapsed';
  const count = state.status === 'ready' ? state.keys.length : null;

  return (
    <section className="dashboard-panel api-keys" aria-labelledby="api-keys-title">
      <div className="dashboard-section__head">
        <h2 id="api-keys-title" ref={titleRef} tabIndex={-1}>
          API keys
          {count !== null ? (
            <span className="dashboard-section__count">
              {' '}
              ({count} of {API_KEYS_PER_EMPLOYER_MAX})
            </span>
          ) : null}
        </h2>
      </div>
      <p>
        Let your own AI assistants and programs use the employer tools: comparison and price filters through
        our <Link to={ROUTES.forAiAssistants}>MCP server</Link>, and the employer API. They send a key as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>. Keys work while your{' '}
        {PLANS.employer.name.toLowerCase()} is active.
      </p>
      {lapsed ? (
        <p className="notice">
          Your plan is not active, so your keys are refused for now; they work again when you subscribe. You
          can still revoke them.
        </p>
      ) : null}
      {state.status === 'loading' ? (
        <PageLoading label="Loading your keys..." />
      ) : state.status === 'error' ? (
        <div className="notice notice--error">
          <p>{errorText(state.error, 'We could not load your keys.')}</p>
          <button className="button button--secondary button--small" type="button" onClick={keys.reload}>
            Load the keys again
          </button>
        </div>
      ) : (
        <>
          {message ? <FormAlert kind="success">{message}</FormAlert> : null}
          {made ? (
            <NewApiKeyNotice
              name={made.name}
              apiKey={made.key}
              onDone={() => {
                setMade(null);
                titleRef.current?.focus();
              }}
            />
          ) : null}
          {lapsed ? null : (
            <NewApiKeyForm
              onCreate={async (name) => {
                const created = await keys.create(name);
                setMessage(null);
                setMade({ name: created.apiKey.name, key: created.key });
              }}
            />
          )}
          {state.keys.length === 0 ? (
            <p className="form-field__hint">No keys yet.</p>
          ) : (
            <ul className="shortlists__list">
              {state.keys.map((apiKey) => (
                <li key={apiKey.id}>
                  <ApiKeyItem
                    apiKey={apiKey}
                    onRevoke={keys.revoke}
                    onRevoked={(name) => {
                      setMessage(`${name} was revoked.`);
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
