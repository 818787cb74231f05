import { useCallback, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAsync } from '../../../hooks/use-async';
import { errorText } from '../../../lib/api/api-client';
import { formatCount } from '../../../lib/format-count';
import {
  getProviderDuplicates,
  mergeProviders,
  type ProviderDuplicateGroup,
  type ProviderMergeAnswer,
} from '../api/providers';
import { useAdminSession } from '../hooks/use-admin-session';

// Provider spellings (issue 25, catalog hygiene; docs/admin.md): the spellings that likely name one
// provider ("microsoft.com" and "microsoft"), grouped by domain/provider-name.ts's key. Staff pick
// the spelling to keep (the most used one is chosen first) and merge the others into it after a
// confirmation; the answer says what moved and which agents were left because their name already
// exists under the kept spelling. The list is read again after each merge.

const agentsText = (count: number) => `${formatCount(count)} agent${count === 1 ? '' : 's'}`;

export const PROVIDERS_MESSAGES = {
  loadFailed: 'We could not load the provider spellings. Please try again.',
  mergeFailed: 'The merge did not go through. Please try again.',
};

export function ProvidersPanel({ onChanged }: { onChanged: () => void }) {
  const [generation, setGeneration] = useState(0);
  const duplicates = useAsync(`provider-duplicates-${generation}`, (signal) => getProviderDuplicates(signal));
  const [outcome, setOutcome] = useState<ProviderMergeAnswer | null>(null);
  const merged = useCallback(
    (answer: ProviderMergeAnswer) => {
      setOutcome(answer);
      setGeneration((value) => value + 1);
      onChanged();
    },
    [onChanged],
  );

  return (
    <section className="dashboard-panel" aria-labelledby="admin-providers-title">
      <h2 id="admin-providers-title">Provider spellings</h2>
      <p>
        Providers written in more than one way, such as “microsoft.com” and “microsoft”. Keep one spelling and
        merge the others into it: their agents then show the kept one.
      </p>
      {outcome ? <MergeOutcome outcome={outcome} /> : null}
      {duplicates.status === 'loading' || duplicates.status === 'idle' ? (
        <PageLoading label="Loading provider spellings..." />
      ) : null}
      {duplicates.status === 'error' ? (
        <p className="notice notice--error" role="alert">
          {PROVIDERS_MESSAGES.loadFailed}
        </p>
      ) : null}
      {duplicates.status === 'success' ? (
        duplicates.data.groups.length === 0 ? (
          <p>No provider is written in more than one way.</p>
        ) : (
          <>
            <ul className="admin-review admin-providers">
              {duplicates.data.groups.map((group) => (
                <li key={group.key}>
                  <SpellingGroup group={group} onMerged={merged} />
                </li>
              ))}
            </ul>
            {duplicates.data.complete ? null : (
              <p className="admin-providers__note">
                The catalog has more spellings than one look reads: merge these, and more may show.
              </p>
            )}
          </>
        )
      ) : null}
    </section>
  );
}

function MergeOutcome({ outcome }: { outcome: ProviderMergeAnswer }) {
  return (
    <div className="notice admin-providers__outcome" role="status">
      <p>
        {agentsText(outcome.moved)} now {outcome.moved === 1 ? 'shows' : 'show'} {outcome.into}.
        {outcome.remaining ? ' More agents remain: merge the same spellings again to move them.' : ''}
      </p>
      {outcome.clashed_total > 0 ? (
        <>
          <p>
            {agentsText(outcome.clashed_total)} kept {outcome.clashed_total === 1 ? 'its' : 'their'} spelling:
            an agent of the same name already exists under {outcome.into}. Edit or delete{' '}
            {outcome.clashed_total === 1 ? 'it' : 'them'} in Agents.
          </p>
          <ul>
            {outcome.clashed.map((clash) => (
              <li key={clash.id}>
                {clash.name} ({clash.provider})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function SpellingGroup({
  group,
  onMerged,
}: {
  group: ProviderDuplicateGroup;
  onMerged: (answer: ProviderMergeAnswer) => void;
}) {
  const { run } = useAdminSession();
  const [into, setInto] = useState(group.spellings[0]!.provider);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mergeRef = useRef<HTMLButtonElement>(null);
  const name = useId();
  const from = group.spellings.filter((spelling) => spelling.provider !== into);
  const moving = from.reduce((sum, spelling) => sum + spelling.agents, 0);

  async function merge() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await run((token) =>
        mergeProviders(
          token,
          from.map((spelling) => spelling.provider),
          into,
        ),
      );
      setConfirming(false);
      onMerged(answer);
    } catch (error) {
      setFailure(errorText(error, PROVIDERS_MESSAGES.mergeFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-providers__group">
      <fieldset className="admin-providers__spellings">
        <legend>Keep which spelling of “{group.spellings[0]!.provider}”?</legend>
        {group.spellings.map((spelling) => (
          <label key={spelling.provider} className="admin-providers__spelling">
            <input
              type="radio"
              name={name}
              value={spelling.provider}
              checked={spelling.provider === into}
              onChange={() => setInto(spelling.provider)}
            />{' '}
            <span className="admin-providers__provider">{spelling.provider}</span>{' '}
            <span className="admin-providers__count">{agentsText(spelling.agents)}</span>
          </label>
        ))}
      </fieldset>
      <button
        ref={mergeRef}
        className="button button--primary button--small"
        type="button"
        onClick={() => setConfirming(true)}
      >
        Merge into {into}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={`Merge into ${into}?`}
          confirmLabel="Merge"
          dismissLabel="Cancel"
          busy={busy}
          busyLabel="Merging..."
          error={failure}
          returnFocusTo={mergeRef}
          onDismiss={() => {
            setConfirming(false);
            setFailure(null);
          }}
          onConfirm={() => void merge()}
        >
          <p>
            {agentsText(moving)} of {from.map((spelling) => `“${spelling.provider}”`).join(', ')} will show “
            {into}” as their provider, in the directory and search too. An agent whose name already exists
            under “{into}” is left as it is. The merge is in the audit log; it is not undone by itself.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
