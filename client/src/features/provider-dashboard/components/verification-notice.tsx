import { useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';
import { resendVerification } from '../../../lib/api/resend-verification';

// Agents registered under an address pass to the account only once the address is confirmed
// (docs/accounts.md, ownership), so an unconfirmed provider is told what waits and can get the
// link again.

export function waitingText(count: number | null, email: string): string {
  if (!count) return `Confirm your e-mail address: open the link we sent to ${email}.`;
  return count === 1
    ? `Confirm your e-mail address: 1 agent registered under ${email} waits for it.`
    : `Confirm your e-mail address: ${count} agents registered under ${email} wait for it.`;
}

export function VerificationNotice({ email, waiting }: { email: string; waiting: number | null }) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function resend() {
    setSending(true);
    setResult(null);
    try {
      const answer = await resendVerification();
      setResult({ kind: 'success', text: answer.message });
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error, 'Failed to send the link. Please try again.') });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="notice verification-notice" aria-label="E-mail confirmation">
      <p>{waitingText(waiting, email)}</p>
      <button
        className="button button--secondary button--small"
        type="button"
        onClick={resend}
        disabled={sending}
      >
        {sending ? 'Sending...' : 'Resend link'}
      </button>
      {result ? <FormAlert kind={result.kind}>{result.text}</FormAlert> : null}
    </section>
  );
}
