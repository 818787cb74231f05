import { PRODUCT_NAME } from '@agentry/domain/product';
import { Link, NavLink } from 'react-router-dom';
import { dashboardPath } from '../../lib/auth/auth-api';
import { useAuth } from '../../lib/auth/auth-provider';
import { useStaffUsername } from '../../lib/auth/staff-presence';
import { LogoMark } from './logo';

// Header of spec section 2: logo, Submit, Hire, and Dashboard (signed in, by user type) or Sign In;
// staff signed in to the admin area (and to no account) see their area instead of Sign In.

function AccountLink() {
  const { state } = useAuth();
  const staff = useStaffUsername();
  if (state.status === 'loading') return <span className="site-nav__placeholder" aria-hidden="true" />;
  if (state.status === 'signed-in') {
    return (
      <NavLink className="button button--secondary button--small" to={dashboardPath(state.user)}>
        Dashboard
      </NavLink>
    );
  }
  if (staff) {
    return (
      <NavLink className="button button--secondary button--small" to="/admin">
        Staff area
      </NavLink>
    );
  }
  return (
    <NavLink className="button button--secondary button--small" to="/signin">
      Sign In
    </NavLink>
  );
}

export function Header() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="logo" aria-label={`${PRODUCT_NAME} home`}>
          <LogoMark />
          <span className="logo__name">{PRODUCT_NAME}</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            <li>
              <NavLink className="site-nav__link" to="/register-agent">
                Submit
              </NavLink>
            </li>
            <li>
              <NavLink className="site-nav__link" to="/employer-signup">
                Hire
              </NavLink>
            </li>
            <li>
              <AccountLink />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
