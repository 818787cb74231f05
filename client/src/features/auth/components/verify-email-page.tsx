import { PRODUCT_NAME } from '@agentry/domain/product';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { ApiError, failureText } from '../../../lib/api/api-client';
import { dashboardPath } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { type VerifyEmailAnswer, verifyEmail } from '../api/verify-email';

// /verify-email?token=…: the page the verification e-mail links to. Opening it proves the address
// is read, so the server marks it verified and gives the account the agents waiting under it; its
// message says how many, so the page shows that message as it is. The link counts only in the
// account's own session (docs/accounts.md, Ownership): a visitor who is not signed in is asked to
// sign in first, and comes back here after.

type Result =
  | { status: 'pending' }
  | { status: 'done'; answer: VerifyEmailAnswer }
  | { status: 'sign-in' }
  | { status: 'failed'; error: string };

export function VerifyEmailPage() {
  useBasicPageMeta(
    'Confirm your e-mail address',
    `Confirm the e-mail address of your ${PRODUCT_NAME} account.`,
  );
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The heading follows the outcome: a confirmed address is not asked to be confirmed again.
  const [confirmed, setConfirmed] = useState(false);
  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1>
          {confirmed ? 'Your ' : 'Confirm your '}
          <span className="nowrap">e-mail</span> address{confirmed ? ' is confirmed' : ''}
        </h1>
      </header>
      {token ? (
        <SignedInOnly>
          <VerifyEmailResult token={token} onConfirmed={() => setConfirmed(true)} />
        </SignedInOnly>
      ) : (
        <FormAlert kind="error">
          This confirmation link is incomplete: it has no token. Copy the whole link from the e-mail, or{' '}
          <Link to="/signin">sign in</Link> and send a new link from your dashboard.
        </FormAlert>
      )}
    </div>
  );
}

/** The link is sent only from the account's own session: a visitor signs in first. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'signed-out') return <SignInToConfirm />;
  return <>{children}</>;
}

function SignInToConfirm() {
  const { pathname, search } = useLocation();
  return (
    <>
      <FormAlert kind="info">
        Sign in to the account this link was sent for: the address is confirmed, and the agents the e-mail
        named join that account. For a link about an agent, it is the provider account of the address it came
        to: create it if you have none, then open this link again.
      </FormAlert>
      <p>
        Did someone else open an account with your address? Choose <strong>Forgot your password?</strong> on
        the sign-in page: the reset link comes to you, and the account becomes yours.
      </p>
      <p className="status-page__actions">
        <Link className="button button--primary" to="/signin" state={{ from: `${pathname}${search}` }}>
          Sign in
        </Link>
        {/* A newcomer who registered an agent and skipped the account form has no account yet. */}
        <Link className="button button--secondary" to="/account-setup">
          Create your provider account
        </Link>
        <Link className="button button--secondary" to="/forgot-password">
          Forgot your password?
        </Link>
      </p>
    </>
  );
}

function VerifyEmailResult({ token, onConfirmed }: { token: string; onConfirmed: () => void }) {
  const { refresh, state } = useAuth();
  // Only signed-in people get this far (SignedInOnly): the ways on go to their own dashboard.
  const dashboard = state.status === 'signed-in' ? dashboardPath(state.user) : '/dashboard';
  const [result, setResult] = useState<Result>({ status: 'pending' });
  // The token works once. React's StrictMode runs effects twice in development, and a second call
  // would fail on the token the first one just used; the ref remembers the token already sent.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (sentToken.current === token) return;
    sentToken.current = token;
    verifyEmail(token).then(
      (answer) => {
        setResult({ status: 'done', answer });
        onConfirmed();
        // The session's user is now verified and may own more agents.
        void refresh();
      },
      (error: unknown) =>
        setResult(
          // The session ended meanwhile: sign in again, the link still works.
          error instanceof ApiError && error.body?.sign_in_required === true
            ? { status: 'sign-in' }
            : { status: 'failed', error: failureText(error, 'Failed to confirm your e-mail address') },
        ),
    );
  }, [token, refresh, onConfirmed]);

  if (result.status === 'pending') return <PageLoading label="Confirming your e-mail address..." />;
  if (result.status === 'sign-in') return <SignInToConfirm />;
  if (result.status === 'failed') {
    return (
      <>
        <FormAlert kind="error">{result.error}</FormAlert>
        <p>
          Links work once and expire after 48 hours (7 days for a link about an agent). Use{' '}
          <strong>Resend link</strong> on your dashboard to get a new one.
        </p>
        <p className="status-page__actions">
          <Link className="button button--primary" to={dashboard}>
            Go to your dashboard
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <FormAlert kind="success">{result.answer.message}</FormAlert>
      <p className="status-page__actions">
        <Link className="button button--primary" to={dashboard}>
          Go to your dashboard
        </Link>
      </p>
    </>
  );
}
