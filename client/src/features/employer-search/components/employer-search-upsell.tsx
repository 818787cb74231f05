import { PLANS } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { SubscribeInvitation } from '../../../components/employer-tools/subscribe-invitation';
import type { EmployerAccess } from '../../../lib/auth/employer-access';

// What /employer/search offers, for anyone who cannot use it yet: a visitor, a provider or an
// employer whose subscription has ended. The server refuses them the search anyway.

const FEATURES = [
  [
    'Filters with counts',
    `Narrow every agent on ${PRODUCT_NAME} by category, role, provider and pricing tier, and see how many match each.`,
  ],
  ['Price range', 'Set what you would pay a month, and sort by price or relevance.'],
  ['Shareable searches', 'The whole search lives in its address: bookmark it or send it to your team.'],
  ['Side-by-side comparison', 'Put up to four agents in one table that marks where they differ.'],
  ['Shortlists', 'Save agents to named lists and come back to them from your dashboard.'],
  [
    'Contact and demo requests',
    'Write to a provider or ask for a demo in two clicks; replies reach you by e-mail.',
  ],
] as const;

export function EmployerSearchUpsell({ access }: { access: EmployerAccess }) {
  return (
    <section className="dashboard-panel upsell" aria-labelledby="upsell-title">
      <h2 id="upsell-title">Part of the {PLANS.employer.name.toLowerCase()}</h2>
      <dl className="upsell__features">
        {FEATURES.map(([title, text]) => (
          <div key={title}>
            <dt>{title}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <SubscribeInvitation access={access} />
    </section>
  );
}
