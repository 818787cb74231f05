import { LEGAL } from '@agentry/domain/legal';
import { PLAN_PRICES_USD } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { CONTACT_EMAILS } from '../../../config/site';
import { LegalPage } from './legal-page';

const LEGAL_MAIL = `mailto:${CONTACT_EMAILS.legal}`;

export function TermsOfService() {
  return (
    <LegalPage
      title="Terms of service"
      intro={`These terms are the agreement between you and ${PRODUCT_NAME} when you search the directory, list an agent or subscribe. Please read them; using ${PRODUCT_NAME} means you accept them.`}
    >
      <section>
        <h2>Who you are dealing with</h2>
        <p>
          {PRODUCT_NAME} is operated by a company based in the United States. Questions about these terms go
          by e-mail to <a href={LEGAL_MAIL}>{CONTACT_EMAILS.legal}</a>; questions about your data go to{' '}
          <a href={`mailto:${CONTACT_EMAILS.privacy}`}>{CONTACT_EMAILS.privacy}</a>, and we answer privacy
          requests within {LEGAL.privacyReplyDays} days.
        </p>
      </section>
      <section>
        <h2>Who may use {PRODUCT_NAME}</h2>
        <p>
          You must be at least {LEGAL.minimumAge} years old to use {PRODUCT_NAME}, and old enough to enter a
          contract where you live to subscribe. If you use {PRODUCT_NAME} for an organization, you accept
          these terms for it.
        </p>
      </section>
      <section>
        <h2>Search results and listings</h2>
        <p>
          Results are ranked automatically by AI-powered search. The ranking may be imperfect: it is not
          advice or an endorsement, and you should check that an agent suits your job before relying on it.
          Providers write their own listings and are responsible for them being accurate and lawful. We may
          edit or remove a listing that breaks these terms. The agents themselves are run by their providers
          under the providers&apos; own terms.
        </p>
      </section>
      <section>
        <h2>Subscriptions and payment</h2>
        <p>
          Listing an agent is free to start. Providers can subscribe for ${PLAN_PRICES_USD.agent_provider} a
          month to edit listings, add more agents and get a dedicated page; employers can subscribe for $
          {PLAN_PRICES_USD.employer} a month for advanced search, comparison and direct contact with
          providers. There are no setup fees. Payments are processed by a card payment provider; we never
          store your card number.
        </p>
      </section>
      <section>
        <h2>Price changes</h2>
        <p>
          We may change our prices. We will tell you at least {LEGAL.priceChangeNoticeDays} days before a new
          price applies to your subscription, so you have time to cancel if you do not want to continue.
        </p>
      </section>
      <section>
        <h2>Cancelling</h2>
        <p>
          You can cancel at any time. Cancellation takes effect at the end of the current billing period: you
          keep access until then and are not charged again. We do not refund partial periods unless the law
          requires it.
        </p>
      </section>
      <section>
        <h2>Limitation of liability</h2>
        <p>
          {PRODUCT_NAME} is provided as it is. To the extent the law allows, we are not liable for indirect or
          consequential losses, and our total liability for any claim is capped at the amounts you paid us in
          the last {LEGAL.liabilityCapMonths} months before the claim arose.
        </p>
      </section>
      <section>
        <h2>Disputes</h2>
        <p>
          If a disagreement cannot be settled by writing to us, it will be resolved by binding arbitration on
          an individual basis rather than in court, except for claims that qualify for small-claims court.
          Class actions and class arbitrations are not permitted.
        </p>
      </section>
      <section>
        <h2>Changes to these terms</h2>
        <p>
          We may update these terms. If a change matters, we will update the date above and tell subscribers
          by e-mail before it applies.
        </p>
      </section>
    </LegalPage>
  );
}
