import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { dashboardPath } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useEmployerSignup } from '../hooks/use-employer-signup';
import { EmployerPlanBox } from './employer-plan-box';
import { EmployerSignupForm } from './employer-signup-form';

// /employer-signup: an employer account and the $40/month plan in one go, ending at the checkout.

export function EmployerSignupPage() {
  useBasicPageMeta(
    'Employer signup',
    'Create an Agentry employer account: advanced search, side-by-side comparison and direct contact with AI agent providers.',
  );
  const { state: auth } = useAuth();
  const signup = useEmployerSignup();
  const retryRef = useRef<HTMLDivElement>(null);
  const accountCreated = signup.createdUserId !== null;
  useFocusWhen(retryRef, accountCreated && signup.failure !== null);

  return (
    <div className="container signup-page">
      <header className="page-header">
        <h1>Create your employer account</h1>
        <p className="page-header__lead">
          Find the AI agents that fit your team, compare them side by side and contact their providers.
        </p>
      </header>
      <div className="signup-layout">
        <EmployerPlanBox />
        <div>
          {auth.status === 'signed-in' && !accountCreated && signup.phase === 'idle' ? (
            <FormAlert kind="info">
              You are signed in as {auth.user.email}.{' '}
              <Link to={dashboardPath(auth.user)}>Go to your dashboard</Link>
            </FormAlert>
          ) : null}
          {accountCreated ? (
            <div className="form-card" ref={retryRef} tabIndex={-1}>
              <FormAlert kind="success">Your account is created and you are signed in.</FormAlert>
              {signup.failure ? <FormAlert kind="error">{signup.failure.message}</FormAlert> : null}
              <div className="form-actions">
                <button
                  className="button button--primary"
                  type="button"
                  disabled={signup.phase !== 'idle'}
                  onClick={() => void signup.retryCheckout()}
                >
                  {signup.phase === 'idle' ? 'Continue to checkout' : 'Opening checkout...'}
                </button>
                <Link to="/employer-dashboard">Go to your dashboard</Link>
              </div>
            </div>
          ) : (
            <EmployerSignupForm
              phase={signup.phase}
              failure={signup.failure}
              serverFieldErrors={signup.serverFieldErrors}
              onSubmit={(account) => void signup.createAndSubscribe(account)}
            />
          )}
        </div>
      </div>
    </div>
  );
}
