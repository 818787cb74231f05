import type { PublicAgent } from '@agentry/domain/agent';
import { publicTrust } from '@agentry/domain/agent-trust';
import { RATING_SHOWN_FROM } from '@agentry/domain/reviews';
import { longDate } from '@agentry/domain/site-check';

// What a listing shows about trust (issue 26), wherever it is shown: a "Verified" badge when its
// provider proved the website's domain, the average rating once it has RATING_SHOWN_FROM reviews,
// and a warning when its site has stopped answering. Derived by the site, never bought.

export function VerifiedBadge({ domain }: { domain: string }) {
  return (
    <span className="trust-badge trust-badge--verified" title={`Its provider proved control of ${domain}`}>
      <span aria-hidden="true">✓ </span>
      Verified
      <span className="visually-hidden">: its provider proved control of {domain}</span>
    </span>
  );
}

export function RatingBadge({ average, count }: { average: number; count: number }) {
  return (
    <span className="trust-badge trust-badge--rating">
      <span aria-hidden="true">★ </span>
      {average.toFixed(1)}
      <span className="visually-hidden"> out of 5, from</span>
      <span className="trust-badge__count">
        {' '}
        ({count} {count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

export function SiteDownBadge({ since }: { since: string | null }) {
  return (
    <span className="trust-badge trust-badge--down">
      Site unreachable{since ? <span className="visually-hidden"> since {longDate(since)}</span> : null}
    </span>
  );
}

/** The signals of one agent, as a row of badges; nothing when it has none to show. */
export function TrustBadges({ agent }: { agent: PublicAgent }) {
  const trust = publicTrust(agent);
  const rated = trust.rating_average !== null && trust.rating_count >= RATING_SHOWN_FROM;
  if (!trust.verified_domain && !rated && trust.site_state !== 'down') return null;
  return (
    <p className="trust-badges">
      {trust.verified_domain ? <VerifiedBadge domain={trust.verified_domain} /> : null}
      {rated ? <RatingBadge average={trust.rating_average!} count={trust.rating_count} /> : null}
      {trust.site_state === 'down' ? <SiteDownBadge since={trust.site_since} /> : null}
    </p>
  );
}
