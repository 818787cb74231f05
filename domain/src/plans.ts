// The two paid plans of spec section 1, written once: the account screens show them, the server
// charges them, and the payment adapters name their prices after them.

/** The plans' prices in US dollars a month (spec section 9). */
export const PLAN_PRICES_USD = { agent_provider: 5, employer: 40 } as const;

export type PlanId = keyof typeof PLAN_PRICES_USD;

export interface Plan {
  id: PlanId;
  /** Shown on the plan box, the checkout page and receipts. */
  name: string;
  priceUsd: number;
  interval: 'month';
  /** Stripe price lookup key: the Stripe adapter finds (or creates) the price by this key. */
  lookupKey: string;
  benefits: readonly string[];
}

export const PLANS: Record<PlanId, Plan> = {
  agent_provider: {
    id: 'agent_provider',
    name: 'Provider plan',
    priceUsd: PLAN_PRICES_USD.agent_provider,
    interval: 'month',
    lookupKey: 'agentry_provider_monthly',
    benefits: [
      'Edit your agent listings at any time',
      'List more agents',
      'A dedicated provider page with a followed link to your site',
    ],
  },
  employer: {
    id: 'employer',
    name: 'Employer plan',
    priceUsd: PLAN_PRICES_USD.employer,
    interval: 'month',
    lookupKey: 'agentry_employer_monthly',
    benefits: [
      'Advanced search with filters',
      'Side-by-side comparison of agents',
      'Contact and demo requests straight to providers',
      'Cancel anytime, no setup fees',
    ],
  },
};

/** The plan a user type pays for: providers the provider plan, every other type the employer plan. */
export function planForUserType(userType: string): Plan {
  return userType === 'agent_provider' ? PLANS.agent_provider : PLANS.employer;
}

/** "$5/month". */
export const formatPlanPrice = (plan: Plan) => `$${plan.priceUsd}/${plan.interval}`;

/** A provider with an active subscription may list up to this many agents (bounds abuse, not honest use). */
export const MAX_AGENTS_PER_PROVIDER = 200;
