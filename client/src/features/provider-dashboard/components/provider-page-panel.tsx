import { ROUTES, routePath } from '@agentry/domain/routes';
import { Link } from 'react-router-dom';
import { siteOrigin } from '../../../config/site';
import { isSubscribed, type SessionUser } from '../../../lib/auth/auth-api';
import { ProviderProfileForm } from './provider-profile-form';

// The provider page (/providers/:slug) is a benefit of the subscription: a public page of the
// provider's agents with a followed link to their site.

export function ProviderPagePanel({ user }: { user: SessionUser }) {
  const pagePath = user.slug ? routePath(ROUTES.provider, { slug: user.slug }) : null;
  return (
    <section className="dashboard-panel" aria-labelledby="provider-page-title">
      <h2 id="provider-page-title">Provider page</h2>
      {isSubscribed(user) && pagePath ? (
        <p className="provider-page-link">
          Your agents have their own public page. <Link to={pagePath}>View your provider page</Link>
          {/* The address too, to share or to recognise; as text, wrapping anywhere on a phone. */}
          <span className="provider-page-link__address">{`${siteOrigin()}${pagePath}`}</span>
        </p>
      ) : (
        <p>
          Subscribers get a public page listing their agents, with a followed link to their website. Fill in
          your details now and it is ready when you subscribe.
        </p>
      )}
      <ProviderProfileForm user={user} />
    </section>
  );
}
