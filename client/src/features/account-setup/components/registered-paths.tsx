import { PLANS } from '@agentry/domain/plans';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';

// Right after a registration (issue 25): what became of the agent, in the server's words (listed,
// or held until the link in the e-mail is opened, or until staff review it), then the two ways on
// side by side: the free listing, which asks nothing more, and the provider plan, whose account
// form follows on this page. Before, the page offered only the paid plan.

const HEADING = 'Your agent is registered';

/**
 * The registration's message under the heading that already says it: the server's words begin
 * with "Your agent is registered." (commands/register-agent.ts), which read twice here before.
 */
export function afterHeading(message: string): string {
  return message.startsWith(`${HEADING}.`) ? message.slice(HEADING.length + 1).trim() : message;
}

/**
 * `awaitsLink`: the agent was registered under an e-mail address, so it is listed only once the
 * link sent there is opened in the provider account of that address (docs/accounts.md, Ownership).
 * "Nothing more to do" was untrue then: opened signed out, the link asks to sign in to an account
 * the newcomer never made (newcomer pass, session 16). Without an address, staff review it: nothing
 * more is asked.
 */
export function RegisteredPaths({ message, awaitsLink }: { message: string; awaitsLink: boolean }) {
  const plan = PLANS.agent_provider;
  const rest = afterHeading(message);
  return (
    <section className="registered-paths" aria-labelledby="registered-heading">
      <h2 id="registered-heading">{HEADING}</h2>
      {rest ? <FormAlert kind="success">{rest}</FormAlert> : null}
      <div className="registered-paths__choices">
        <div className="registered-paths__choice">
          {awaitsLink ? (
            <>
              <h3>Free: one more step</h3>
              <p>
                Your first agent is listed free. Create your account below with this address (the plan is
                offered next: Cancel there and nothing is charged), then open the link in the e-mail we sent:
                the agent is listed and joins your account.
              </p>
            </>
          ) : (
            <>
              <h3>Free: nothing more to do</h3>
              <p>
                Your first agent is listed free. Once it is listed, people find it in search and in the
                directory. You can stop here.
              </p>
              <Link className="button button--secondary" to="/directory">
                Browse the directory
              </Link>
            </>
          )}
        </div>
        <div className="registered-paths__choice registered-paths__choice--paid">
          <h3>
            {plan.name}: ${plan.priceUsd}/month
          </h3>
          <p>Edit your listing at any time, list more agents and get a provider page. Cancel anytime.</p>
          <a className="button button--primary" href="#account-setup-form">
            Create your account below
          </a>
        </div>
      </div>
    </section>
  );
}
