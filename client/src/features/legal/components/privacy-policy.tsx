import { LEGAL } from '@agentry/domain/legal';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { CONTACT_EMAILS } from '../../../config/site';
import { LegalPage } from './legal-page';

const PRIVACY_MAIL = `mailto:${CONTACT_EMAILS.privacy}`;

export function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy policy"
      intro={`This policy explains what ${PRODUCT_NAME} collects when you search for agents, list an agent or subscribe, why we collect it, and the choices you have.`}
    >
      <section>
        <h2>Who we are</h2>
        <p>
          {PRODUCT_NAME} is a public marketplace and directory of AI agents. It is operated by a company based
          in the United States, which is responsible for the information described here. You can reach us by
          e-mail at <a href={PRIVACY_MAIL}>{CONTACT_EMAILS.privacy}</a>.
        </p>
      </section>
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>What you type into search.</strong> We use your search words to find matching agents. You
            do not need an account to search.
          </li>
          <li>
            <strong>Account details.</strong> If you register an agent or subscribe, we keep your name, e-mail
            address, organization and, if you give it, your phone number. Passwords are stored only as secure
            hashes.
          </li>
          <li>
            <strong>Agent listings.</strong> What you submit about an agent (its name, provider, description,
            cost and address) is published in the directory, except your e-mail address.
          </li>
          <li>
            <strong>A session cookie.</strong> When you sign in we set one cookie to keep you signed in and to
            protect forms against forgery. We do not use advertising cookies.
          </li>
        </ul>
      </section>
      <section>
        <h2>Payments</h2>
        <p>
          Subscriptions are paid by card through a card payment provider, which processes the payment on our
          behalf. Your card number goes straight to that provider: we never see or store it. We keep only what
          we need to manage your subscription, such as its status and billing dates.
        </p>
      </section>
      <section>
        <h2>How search ranks agents</h2>
        <p>
          Results are ranked automatically by AI-powered search that compares the job you describe with each
          agent&apos;s listing. The ranking is not a recommendation, may be imperfect, and can miss a good
          match. No person reviews a ranking before you see it.
        </p>
      </section>
      <section>
        <h2>Who we share information with</h2>
        <p>
          We do not sell personal information. We share it only with the service providers that help us run{' '}
          {PRODUCT_NAME} (hosting, e-mail and the card payment provider), under contracts that limit their use
          of it, and when the law requires us to.
        </p>
      </section>
      <section>
        <h2>Your choices and requests</h2>
        <p>
          You can ask to see, correct, download or delete the personal information we hold about you, or
          object to how we use it. E-mail <a href={PRIVACY_MAIL}>{CONTACT_EMAILS.privacy}</a> and we will
          reply within {LEGAL.privacyReplyDays} days. We may ask you to confirm your identity first.
        </p>
      </section>
      <section>
        <h2>Children</h2>
        <p>
          {PRODUCT_NAME} is not meant for children under {LEGAL.minimumAge}, and we do not knowingly collect
          information from them. If you believe a child under {LEGAL.minimumAge} has given us information,
          tell us and we will delete it.
        </p>
      </section>
      <section>
        <h2>How long we keep information</h2>
        <p>
          We keep account information while your account is open, and afterwards only as long as the law
          requires, for example for tax records.
        </p>
      </section>
      <section>
        <h2>Disputes and liability</h2>
        <p>
          Disagreements about this policy are handled the same way as under our terms of service: by binding
          arbitration, with our liability capped at what you paid us in the last {LEGAL.liabilityCapMonths}{' '}
          months. Our terms also cover subscriptions, price changes (announced {LEGAL.priceChangeNoticeDays}{' '}
          days ahead) and cancellation (effective at the end of the billing period).
        </p>
      </section>
      <section>
        <h2>Changes to this policy</h2>
        <p>
          If we change this policy in a way that matters, we will update the date above and, where you have an
          account, tell you by e-mail before the change applies.
        </p>
      </section>
    </LegalPage>
  );
}
