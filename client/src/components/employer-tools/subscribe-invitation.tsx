import { formatPlanPrice, PLANS } from '@agentry/domain/plans';
import { ROUTES } from '@agentry/domain/routes';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-provider';
import type { EmployerAccess } from '../../lib/auth/employer-access';
import { PageLoading } from '../ui/page-loading';

// What someone who may not use the employer tools sees instead of them: why not, and the one step
// that gets them there. A visitor creates an employer account (or signs in), an employer without
// an active plan (never subscribed, or lapsed) subscribes, and a provider learns the tools belong
// to employer accounts. A team member whose team's plan lapsed is not offered a plan of their own:
// a member rides on the subscriber's plan even when they pay for one (server/src/policies/
// employer-scope.ts), so paying would bring nothing back; the subscriber's renewal does.

const PRICE = formatPlanPrice(PLANS.employer);

export function SubscribeInvitation({ access }: { access: EmployerAccess }) {
  const { pathname, search } = useLocation();
  const { state } = useAuth();
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
  const team = state.user?.team;
  if (team?.role === 'member') {
    return (
      <div className="subscribe-invitation">
        <p>
          These tools come with your team's {PLANS.employer.name.toLowerCase()} ({team.organization}), which
          is not active. They come back when the subscriber renews it; your team's lists and requests are
          kept.
        </p>
      </div>
    );
  }
  return (
    <div className="subscribe-invitation">
      <p>
        These tools need an active {PLANS.employer.name.toLowerCase()} ({PRICE}). Subscribe to use them.
      </p>
      <p className="subscribe-invitation__actions">
        <Link className="button button--primary" to={ROUTES.accountSetup} state={{ mode: 'upgrade' }}>
          Subscribe for {PRICE}
        </Link>
      </p>
    </div>
  );
}
