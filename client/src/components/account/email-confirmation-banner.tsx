import { type ReactNode, useState } from 'react';
import { errorText } from '../../lib/api/api-client';
import { resendVerification } from '../../lib/api/resend-verification';
import { FormAlert } from '../form/form-alert';

// The banner an account with an unconfirmed address sees, whatever its type (issue 25: employers
// learnt of it only when a demo request was refused): what waits on the confirmation, and a way to
// have the link sent again.

export function EmailConfirmationBanner({ email, children }: { email: string; children: ReactNode }) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function resend() {
    setSending(true);
    setResult(null);
    try {
      setResult({ kind: 'success', text: (await resendVerification()).message });
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error, 'Failed to send the link. Please try again.') });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="notice verification-notice" aria-label="E-mail confirmation">
      <p>
        <strong>Confirm your e-mail address.</strong> We sent a link to {email}. {children}
      </p>
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
