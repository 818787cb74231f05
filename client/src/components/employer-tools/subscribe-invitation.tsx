import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import { ROUTES } from '@agentry/domain/routes';
import { Link, useLocation } from 'react-router-dom';
import type { EmployerAccess } from '../../lib/auth/employer-access';
import { PageLoading } from '../ui/page-loading';

// What someone who may not use the employer tools sees instead of them: why not, and the one step
// that gets them there. A visitor creates an employer account (or signs in), an employer whose
// plan lapsed subscribes again, and a provider learns the tools belong to employer accounts.

const PRICE = formatPlanPrice(PLANS.employer);

export function SubscribeInvitation({ access }: { access: EmployerAccess }) {
  const { pathname, search } = useLocation();
  if (access === 'loading') return <PageLoading label="Checking your account..." />;
  if (access === 'visitor') {
    return (
      <div className="subscribe-invitation">
        <p>
          These tools come with the {PLANS.employer.name.toLowerCase()} ({PRICE}). Create an employer account
          to use them, or sign in if you have one.
        </p>
        <p className="subscribe-invitation__actions">
          <Link className="button button--primary" to={ROUTES.employerSignup}>
            Create an employer account
          </Link>
          <Link
            className="button button--secondary"
            to={ROUTES.signIn}
            state={{ from: `${pathname}${search}` }}
          >
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  if (access === 'not-employer') {
    return (
      <div className="subscribe-invitation">
        <p>
          These tools are part of the {PLANS.employer.name.toLowerCase()} ({PRICE}), for organizations hiring
          AI agents. Your account is a provider account; an employer account is a separate one.
        </p>
        <p className="subscribe-invitation__actions">
          <Link className="button button--secondary" to={ROUTES.employerSignup}>
            About employer accounts
          </Link>
        </p>
      </div>
    );
  }
  // 'lapsed', or 'active' on this page while the server says the subscription has ended.
  return (
    <div className="subscribe-invitation">
      <p>These tools need an active {PLANS.employer.name.toLowerCase()}. Subscribe again to use them.</p>
      <p className="subscribe-invitation__actions">
        <Link className="button button--primary" to={ROUTES.accountSetup} state={{ mode: 'upgrade' }}>
          Subscribe for {PRICE}
        </Link>
      </p>
    </div>
  );
}
