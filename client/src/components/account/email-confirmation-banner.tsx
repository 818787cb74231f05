import { ROUTES } from '@agentry/domain/routes';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorText } from '../../lib/api/api-client';
import { resendVerification } from '../../lib/api/resend-verification';
import type { SessionUser } from '../../lib/auth/auth-api';
import { useAuth } from '../../lib/auth/auth-provider';
import { FormAlert } from '../form/form-alert';

// The one banner an account with an unconfirmed address sees, whatever its type (issue 25:
// employers learnt of it only when a demo request was refused, and the provider dashboard had a
// copy of its own): what waits on the confirmation, and a way to have the link sent again. The
// site frame shows it on every page (SiteEmailConfirmationBanner); the dashboards and the contact
// dialog show it themselves, saying more of what waits.

/** What waits on the confirmation, by account type, where the page has nothing more to say. */
export function waitsOnConfirmation(user: Pick<SessionUser, 'user_type'>): string {
  return user.user_type === 'agent_provider'
    ? 'Agents registered under this address are listed and yours once it is confirmed.'
    : 'Contact and demo requests to providers, and reviews, need a confirmed address.';
}

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

/** Pages that show the banner themselves with more to say, or where the address is being confirmed. */
const PAGES_WITH_THEIR_OWN = new Set<string>([
  ROUTES.dashboard,
  ROUTES.employerDashboard,
  ROUTES.verifyEmail,
]);

/** The banner on every page of a signed-in account whose address is not confirmed. */
export function SiteEmailConfirmationBanner() {
  const { state } = useAuth();
  const { pathname } = useLocation();
  const user = state.user;
  if (user?.email_verified !== false) return null;
  if (PAGES_WITH_THEIR_OWN.has(pathname.replace(/\/+$/, '') || '/')) return null;
  return (
    <div className="container site-email-banner">
      <EmailConfirmationBanner email={user.email}>{waitsOnConfirmation(user)}</EmailConfirmationBanner>
    </div>
  );
}
