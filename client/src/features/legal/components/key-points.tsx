import { LEGAL } from '@agentry/domain/legal';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { Link } from 'react-router-dom';
import { CONTACT_EMAILS } from '../../../config/site';

// The points both legal pages must state (spec section 1), in one list so neither page can
// drift from the other or from the constants.

export function KeyPoints() {
  return (
    <section className="key-points" aria-labelledby="key-points-heading">
      <h2 id="key-points-heading">At a glance</h2>
      <ul>
        <li>
          <strong>Contact:</strong> write to us by e-mail at{' '}
          <a href={`mailto:${CONTACT_EMAILS.privacy}`}>{CONTACT_EMAILS.privacy}</a> about your data, or{' '}
          <a href={`mailto:${CONTACT_EMAILS.legal}`}>{CONTACT_EMAILS.legal}</a> about these terms.
        </li>
        <li>
          <strong>Who runs {PRODUCT_NAME}:</strong> {PRODUCT_NAME} is operated by a company based in the
          United States.
        </li>
        <li>
          <strong>Payments:</strong> a card payment provider processes every payment. We never see or store
          your card number.
        </li>
        <li>
          <strong>Search:</strong> results are ranked automatically by AI-powered search. The ranking can be
          wrong or incomplete, so check an agent yourself before you rely on it.
        </li>
        <li>
          <strong>Privacy requests:</strong> we reply within {LEGAL.privacyReplyDays} days.
        </li>
        <li>
          <strong>Age:</strong> {PRODUCT_NAME} is not for children under {LEGAL.minimumAge}.
        </li>
        <li>
          <strong>Prices:</strong> we tell subscribers about a price change at least{' '}
          {LEGAL.priceChangeNoticeDays} days before it applies.
        </li>
        <li>
          <strong>Cancelling:</strong> you can cancel at any time; the cancellation takes effect at the end of
          the billing period you have paid for.
        </li>
        <li>
          <strong>Liability:</strong> our liability is capped at what you paid us in the last{' '}
          {LEGAL.liabilityCapMonths} months.
        </li>
        <li>
          <strong>Disputes:</strong> disagreements are settled by binding arbitration, as the{' '}
          <Link to="/terms">terms of service</Link> explain.
        </li>
      </ul>
    </section>
  );
}
