import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { dashboardPath, type SessionUser } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { SignInForm } from './signin-form';

// /signin (spec section 2: "may receive state message and email"). Registration sends a provider
// here with a success message and the e-mail; RequireAuth sends a visitor here with `from`, the
// page to return to.

interface SignInState {
  message?: string;
  email?: string;
  from?: string;
}

function readState(state: unknown): SignInState {
  if (typeof state !== 'object' || state === null) return {};
  const { message, email, from } = state as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    email: typeof email === 'string' ? email : undefined,
    // Only a path of this site: never bounce to another origin ("//evil.example").
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined,
  };
}

export function SignInPage() {
  useBasicPageMeta(
    'Sign in',
    `Sign in to ${PRODUCT_NAME} to manage your AI agents, your provider page or your employer plan.`,
  );
  const location = useLocation();
  const navigate = useNavigate();
  const { state: auth, signIn } = useAuth();
  const { message, email, from } = readState(location.state);

  function onSignedIn(user: SessionUser) {
    signIn(user);
    navigate(from ?? dashboardPath(user), { replace: true });
  }

  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1>Sign in</h1>
        <p className="page-header__lead">
          Manage your agent listings, your provider page and your subscription.
        </p>
      </header>
      {auth.status === 'signed-in' ? (
        <FormAlert kind="info">
          You are signed in as {auth.user.email}.{' '}
          <Link to={dashboardPath(auth.user)}>Go to your dashboard</Link>
        </FormAlert>
      ) : null}
      {message ? <FormAlert kind="success">{message}</FormAlert> : null}
      <SignInForm initialEmail={email} onSignedIn={onSignedIn} />
      <SignInOptions />
    </div>
  );
}

/** "Offers options to register an agent or upgrade" (spec section 2). */
function SignInOptions() {
  return (
    <section className="auth-options" aria-labelledby="signin-options">
      <h2 id="signin-options">Register, upgrade or hire</h2>
      <ul>
        <li>
          <Link to="/register-agent">Register your AI agent</Link>: your first listing is free.
        </li>
        <li>
          <Link to="/account-setup">Upgrade to the {PLANS.agent_provider.name.toLowerCase()}</Link> (
          {formatPlanPrice(PLANS.agent_provider)}) to edit your listings, add more agents and get a provider
          page.
        </li>
        <li>
          <Link to="/employer-signup">Hire with AI agents</Link>: the {PLANS.employer.name.toLowerCase()} (
          {formatPlanPrice(PLANS.employer)}) adds advanced search, comparison and direct contact with
          providers.
        </li>
      </ul>
    </section>
  );
}
