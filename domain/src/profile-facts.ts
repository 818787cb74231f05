import {
  type AgentProfile,
  BILLING_PERIOD_LABELS,
  CERTIFICATION_LABELS,
  DATA_RESIDENCY_LABELS,
  DEPLOYMENT_LABELS,
  LANGUAGES,
  NOT_STATED,
  PRICING_MODEL_LABELS,
} from './agent-profile';

// How the structured profile reads to people: one line per fact, "Not stated" for a gap, and
// certifications marked as claimed by the provider unless staff verified them. Written once for
// the agent page, the comparison (client), its CSV export and the MCP answers (server).

export type ProfileFactKey =
  | 'price'
  | 'free_trial'
  | 'deployment'
  | 'integrations'
  | 'languages'
  | 'data_residency'
  | 'certifications'
  | 'api_available'
  | 'mcp_available'
  | 'tasks'
  | 'confirmed_at';

export interface ProfileFact {
  key: ProfileFactKey;
  label: string;
  /** NOT_STATED when the provider said nothing. */
  text: (profile: AgentProfile) => string;
}

const list = (items: readonly string[]) => (items.length === 0 ? NOT_STATED : items.join(', '));
const yesNo = (value: boolean | null) => (value === null ? NOT_STATED : value ? 'Yes' : 'No');

/** "From USD 29 per month (Subscription)", or what part of it is stated. */
export function priceText(profile: AgentProfile): string {
  const model = profile.pricing_model ? PRICING_MODEL_LABELS[profile.pricing_model] : null;
  if (profile.starting_price === null || !profile.currency || !profile.billing_period)
    return model ?? NOT_STATED;
  const amount = `From ${profile.currency} ${formatAmount(profile.starting_price)} ${BILLING_PERIOD_LABELS[profile.billing_period]}`;
  return model ? `${amount} (${model})` : amount;
}

function formatAmount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** Each claimed certification, "verified by staff" or "claimed by the provider". */
export function certificationsText(profile: AgentProfile): string {
  if (profile.certifications.length === 0) return NOT_STATED;
  return profile.certifications
    .map(
      (c) =>
        `${CERTIFICATION_LABELS[c]} (${profile.certifications_verified.includes(c) ? 'verified by staff' : 'claimed by the provider'})`,
    )
    .join(', ');
}

export const PROFILE_FACTS: readonly ProfileFact[] = [
  { key: 'price', label: 'Pricing', text: priceText },
  {
    key: 'free_trial',
    label: 'Free trial',
    text: (p) => (p.free_trial && p.trial_days ? `Yes, ${p.trial_days} days` : yesNo(p.free_trial)),
  },
  {
    key: 'deployment',
    label: 'Deployment',
    text: (p) => list(p.deployment.map((d) => DEPLOYMENT_LABELS[d])),
  },
  { key: 'integrations', label: 'Integrations', text: (p) => list(p.integrations) },
  { key: 'languages', label: 'Languages', text: (p) => list(p.languages.map((code) => LANGUAGES[code])) },
  {
    key: 'data_residency',
    label: 'Data residency',
    text: (p) => list(p.data_residency.map((r) => DATA_RESIDENCY_LABELS[r])),
  },
  { key: 'certifications', label: 'Certifications', text: certificationsText },
  { key: 'api_available', label: 'API', text: (p) => yesNo(p.api_available) },
  { key: 'mcp_available', label: 'MCP server', text: (p) => yesNo(p.mcp_available) },
  { key: 'tasks', label: 'Tasks', text: (p) => list(p.tasks) },
  { key: 'confirmed_at', label: 'Last confirmed by the provider', text: (p) => p.confirmed_at ?? NOT_STATED },
];
