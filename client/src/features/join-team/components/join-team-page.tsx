import { PRODUCT_NAME } from '@agentry/domain/product';
import { ROUTES } from '@agentry/domain/routes';
import { TEAM_MESSAGES } from '@agentry/domain/team';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { errorText } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { acceptInvitation, type Invitation, previewInvitation } from '../api/invitation';
import { JoinTeamSignUp } from './join-team-sign-up';

// /join-team?token=… (issue 28): the page of a team invitation's e-mailed link. It says who invites
// to which organization and for which address; the account of that address accepts (signed in, or
// created here as an employer account: a member needs no plan of their own, the subscriber's
// carries it); any other account is told whose the invitation is.

type Preview =
  | { status: 'loading' }
  | { status: 'invalid'; message: string }
  | { status: 'ready'; invitation: Invitation };

export function JoinTeamPage() {
  useBasicPageMeta('Join a team', `Accept an invitation to an employer team on ${PRODUCT_NAME}.`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    if (!token) {
      setPreview({ status: 'invalid', message: TEAM_MESSAGES.invitationInvalid });
      return;
    }
    previewInvitation(token, controller.signal).then(
      (invitation) => {
        if (!controller.signal.aborted) setPreview({ status: 'ready', invitation });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setPreview({ status: 'invalid', message: errorText(error, TEAM_MESSAGES.invitationInvalid) });
      },
    );
    return () => controller.abort();
  }, [token]);

  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1>{preview.status === 'ready' ? `Join ${preview.invitation.organization}` : 'Join a team'}</h1>
        {preview.status === 'ready' ? (
          <p className="page-header__lead">
            {preview.invitation.invited_by} invited {preview.invitation.email} to work with the team on{' '}
            {PRODUCT_NAME}: shared shortlists, saved searches and requests to providers, on the team's
            employer plan.
          </p>
        ) : null}
      </header>
      {preview.status === 'loading' ? (
        <PageLoading label="Reading the invitation..." />
      ) : preview.status === 'invalid' ? (
        <FormAlert kind="error">{preview.message}</FormAlert>
      ) : (
        <div className="join-team">
          <Accept token={token} invitation={preview.invitation} />
        </div>
      )}
    </div>
  );
}

function Accept({ token, invitation }: { token: string; invitation: Invitation }) {
  const { state: auth, refresh, logout } = useAuth();
  const [joined, setJoined] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const here = `${ROUTES.joinTeam}?token=${encodeURIComponent(token)}`;

  async function join() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const organization = await acceptInvitation(token);
      await refresh();
      setJoined(organization.name);
    } catch (error) {
      setFailure(errorText(error, 'Failed to join the team. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (joined) {
    return (
      <FormAlert kind="success">
        You are now a member of {joined}. <Link to={ROUTES.employerDashboard}>Open the team's dashboard</Link>
      </FormAlert>
    );
  }
  if (auth.status === 'loading') return <PageLoading label="Checking your session..." />;
  if (auth.status === 'signed-out') {
    return (
      <>
        <section className="dashboard-panel" aria-labelledby="join-have-account">
          <h2 id="join-have-account">Have an account for {invitation.email}?</h2>
          <p>
            <Link
              className="button button--primary"
              to={ROUTES.signIn}
              state={{ from: here, email: invitation.email }}
            >
              Sign in to accept
            </Link>
          </p>
        </section>
        <JoinTeamSignUp invitation={invitation} onCreated={join} />
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      </>
    );
  }
  const user = auth.user;
  const wrongAccount = user.email.trim().toLowerCase() !== invitation.email;
  if (user.user_type !== 'employer' || wrongAccount) {
    return (
      <FormAlert kind="error">
        {user.user_type !== 'employer'
          ? TEAM_MESSAGES.providerAccount
          : TEAM_MESSAGES.wrongAccount(invitation.email)}{' '}
        You are signed in as {user.email}.{' '}
        <button type="button" className="link-button" onClick={() => void logout()}>
          Sign out
        </button>
      </FormAlert>
    );
  }
  return (
    <section className="dashboard-panel" aria-labelledby="join-accept">
      <h2 id="join-accept">Join as {user.full_name}</h2>
      <p>
        While you are a member you use the team's plan, with no subscription of your own. The subscriber can
        remove you, and you can leave, at any time.
      </p>
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <p>
        <button className="button button--primary" type="button" disabled={busy} onClick={() => void join()}>
          {busy ? 'Joining...' : `Join ${invitation.organization}`}
        </button>
      </p>
    </section>
  );
}
