import { PROOF_METHOD_LABELS, VERIFICATION_MESSAGES } from '@agentry/domain/domain-verification';
import { longDate } from '@agentry/domain/site-check';
import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { errorText } from '../../../lib/api/api-client';
import {
  addDomain,
  checkDomain,
  type Domain,
  getDomains,
  type ProofFinding,
  removeDomain,
} from '../api/domains';

// Verified domains, on the provider dashboard (issue 26): a provider adds the domain of their
// agents' website, publishes the token we issue in one of three places, and asks us to check.
// Proven, their listings on that domain carry the "Verified" badge; we look again every day and the
// badge goes if the proof does. Never for sale: the subscription has nothing to do with it.

const STATUS_LABELS: Record<Domain['status'], string> = {
  pending: 'Waiting for proof',
  verified: 'Verified',
  lapsed: 'Proof gone: not verified',
};

export function DomainsPanel() {
  const [domains, setDomains] = useState<Domain[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    getDomains(controller.signal).then(
      (answer) => setDomains(answer.domains),
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorText(error, 'Failed to load your domains'));
      },
    );
    return () => controller.abort();
  }, []);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!typed.trim()) {
      setAddError(VERIFICATION_MESSAGES.domainInvalid);
      return;
    }
    setAdding(true);
    setAddError(undefined);
    try {
      const domain = await addDomain(typed);
      setDomains((old) => [...(old ?? []).filter((d) => d.id !== domain.id), domain]);
      setTyped('');
    } catch (error) {
      setAddError(errorText(error, 'Failed to add the domain'));
    } finally {
      setAdding(false);
    }
  }

  const replace = (domain: Domain) =>
    setDomains((old) => (old ?? []).map((d) => (d.id === domain.id ? domain : d)));
  const drop = (id: string) => setDomains((old) => (old ?? []).filter((d) => d.id !== id));

  return (
    <section className="dashboard-panel" id="domains" aria-labelledby="domains-title">
      <h2 id="domains-title">Verified domains</h2>
      <p>
        Prove that you control your agents' website and their listings carry a <strong>Verified</strong> badge
        in search, on their pages and for AI assistants. It is free and never sold: we check a token you put
        on your domain, and check it again every day. A proven domain also lets you claim a listing of your
        product that someone else registered.
      </p>
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <form className="domains-add" onSubmit={add} noValidate>
        <TextField
          id="domain-name"
          name="domain"
          label="Domain"
          hint="The domain of your agent's website, such as example.com"
          value={typed}
          error={addError}
          required
          onChange={(event) => setTyped(event.target.value)}
        />
        <button className="button button--secondary" type="submit" disabled={adding}>
          {adding ? 'Adding...' : 'Add domain'}
        </button>
      </form>
      {domains && domains.length > 0 ? (
        <ul className="domains-list">
          {domains.map((domain) => (
            <li key={domain.id}>
              <DomainCard domain={domain} onChanged={replace} onRemoved={drop} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DomainCard({
  domain,
  onChanged,
  onRemoved,
}: {
  domain: Domain;
  onChanged: (domain: Domain) => void;
  onRemoved: (id: string) => void;
}) {
  const [busy, setBusy] = useState<'check' | 'remove' | null>(null);
  const [findings, setFindings] = useState<ProofFinding[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `domain-${domain.id}-title`;

  async function check() {
    setBusy('check');
    setFailure(null);
    try {
      const answer = await checkDomain(domain.id);
      onChanged(answer.domain);
      setFindings(answer.findings);
    } catch (error) {
      setFailure(errorText(error, 'Failed to check the domain'));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('remove');
    setFailure(null);
    try {
      await removeDomain(domain.id);
      onRemoved(domain.id);
    } catch (error) {
      setFailure(errorText(error, 'Failed to remove the domain'));
      setBusy(null);
    }
  }

  const { dns, file, meta } = domain.instructions;
  return (
    <article className="domain-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {domain.domain}{' '}
        <span className={`status-badge${domain.status === 'verified' ? ' status-badge--active' : ''}`}>
          {STATUS_LABELS[domain.status]}
        </span>
      </h3>
      {domain.status === 'verified' && domain.verified_at ? (
        <p>
          Verified by {domain.method ? PROOF_METHOD_LABELS[domain.method].toLowerCase() : 'proof'} on{' '}
          {longDate(domain.verified_at)}; last checked{' '}
          {domain.checked_at ? longDate(domain.checked_at) : 'just now'}.
        </p>
      ) : (
        <>
          <p>Put this token in one of these places (one is enough), then check:</p>
          <dl>
            <dt>{PROOF_METHOD_LABELS.dns}</dt>
            <dd>
              A TXT record on <code>{dns.name}</code> with the value <code>{dns.value}</code>
            </dd>
            <dt>{PROOF_METHOD_LABELS.file}</dt>
            <dd>
              A file at <code>{file.url}</code> holding <code>{file.content}</code>
            </dd>
            <dt>{PROOF_METHOD_LABELS.meta}</dt>
            <dd>
              In the head of <code>{meta.url}</code>: <code>{meta.tag}</code>
            </dd>
          </dl>
        </>
      )}
      {findings && domain.status !== 'verified' ? (
        <ul>
          {findings.map((finding) => (
            <li key={finding.method}>
              {PROOF_METHOD_LABELS[finding.method]}: {finding.found ? 'found' : finding.detail}
            </li>
          ))}
        </ul>
      ) : null}
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <div className="review__actions">
        <button
          className="button button--primary button--small"
          type="button"
          disabled={busy !== null}
          onClick={check}
        >
          {busy === 'check' ? 'Checking...' : domain.status === 'verified' ? 'Check again' : 'Check now'}
        </button>
        <button
          className="button button--secondary button--small"
          type="button"
          disabled={busy !== null}
          onClick={remove}
        >
          {busy === 'remove' ? 'Removing...' : 'Remove'}
        </button>
      </div>
    </article>
  );
}
