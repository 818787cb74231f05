import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { useAsync } from '../../../hooks/use-async';
import { ApiError, errorText } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { claimListing, ownsAgent } from '../api/domains';

// "This is my product" by proof (issue 26): a signed-in provider who proved the domain of this
// listing's website takes it into their account, from nobody or from whoever registered it. Without
// a proven domain the server says which one to prove, and the dashboard is where to prove it.

export function ClaimListing({ agentId, onClaimed }: { agentId: string; onClaimed?: () => void }) {
  const { state } = useAuth();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string; domain?: string } | null>(
    null,
  );
  const provider = state.status === 'signed-in' && state.user.user_type === 'agent_provider';
  const owned = useAsync(provider ? `${agentId}:${state.user?.id}` : null, (signal) =>
    ownsAgent(agentId, signal),
  );
  if (!provider || owned.status !== 'success' || (owned.data && result?.kind !== 'success')) return null;

  async function claim() {
    setBusy(true);
    setResult(null);
    try {
      const answer = await claimListing(agentId);
      setResult({
        kind: 'success',
        text: `This listing is in your account now (verified domain ${answer.domain}).`,
      });
      onClaimed?.();
    } catch (error) {
      const needs = error instanceof ApiError ? error.body?.needs_domain : undefined;
      setResult({
        kind: 'error',
        text: errorText(error, 'Failed to claim the listing. Please try again.'),
        domain: typeof needs === 'string' ? needs : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="claim-listing" aria-labelledby="claim-title">
      <h2 id="claim-title">Is this your product?</h2>
      <p>
        If you control the domain of its website, prove it in your dashboard and take this listing into your
        account.
      </p>
      {result ? (
        <FormAlert kind={result.kind}>
          {result.text}
          {result.domain ? (
            <>
              {' '}
              <Link to="/dashboard#domains">Prove {result.domain}</Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <button className="button button--secondary" type="button" disabled={busy} onClick={claim}>
        {busy ? 'Claiming...' : 'Claim this listing'}
      </button>
    </section>
  );
}
