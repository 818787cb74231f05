import type {
  BillingPeriod,
  Certification,
  Currency,
  DataResidency,
  Deployment,
  LanguageCode,
  PricingModel,
} from './agent-profile-choices';

// The structured profile's fields: the facts as stored and answered, their labels, the empty profile
// and what a fact not stated reads as.

/** The facts as stored and answered. */
export interface AgentProfile {
  pricing_model: PricingModel | null;
  /** The lowest paid price, in `currency` per `billing_period`; null when not stated. */
  starting_price: number | null;
  currency: Currency | null;
  billing_period: BillingPeriod | null;
  free_trial: boolean | null;
  /** Days of trial, when stated. */
  trial_days: number | null;
  deployment: Deployment[];
  integrations: string[];
  languages: LanguageCode[];
  data_residency: DataResidency[];
  /** Claimed by the provider. */
  certifications: Certification[];
  /** Those of the claimed certifications staff checked; only staff set it. */
  certifications_verified: Certification[];
  api_available: boolean | null;
  mcp_available: boolean | null;
  tasks: string[];
  /** The day (YYYY-MM-DD) the provider last saved the profile: set by the server, never typed. */
  confirmed_at: string | null;
}

export type AgentProfileField = Exclude<keyof AgentProfile, 'confirmed_at'>;

export const PROFILE_FIELDS = [
  'pricing_model',
  'starting_price',
  'currency',
  'billing_period',
  'free_trial',
  'trial_days',
  'deployment',
  'integrations',
  'languages',
  'data_residency',
  'certifications',
  'certifications_verified',
  'api_available',
  'mcp_available',
  'tasks',
] as const satisfies ReadonlyArray<AgentProfileField>;

export const PROFILE_LABELS: Record<keyof AgentProfile, string> = {
  pricing_model: 'Pricing model',
  starting_price: 'Starting price',
  currency: 'Currency',
  billing_period: 'Billing period',
  free_trial: 'Free trial',
  trial_days: 'Trial days',
  deployment: 'Deployment',
  integrations: 'Integrations',
  languages: 'Languages',
  data_residency: 'Data residency',
  certifications: 'Certifications',
  certifications_verified: 'Certifications verified by staff',
  api_available: 'API',
  mcp_available: 'MCP server',
  tasks: 'Tasks',
  confirmed_at: 'Last confirmed',
};

export const EMPTY_PROFILE: AgentProfile = {
  pricing_model: null,
  starting_price: null,
  currency: null,
  billing_period: null,
  free_trial: null,
  trial_days: null,
  deployment: [],
  integrations: [],
  languages: [],
  data_residency: [],
  certifications: [],
  certifications_verified: [],
  api_available: null,
  mcp_available: null,
  tasks: [],
  confirmed_at: null,
};

export const NOT_STATED = 'Not stated';

/** Whether anything at all is stated. */
export function isProfileEmpty(profile: AgentProfile): boolean {
  return PROFILE_FIELDS.every((field) => {
    const value = profile[field];
    return Array.isArray(value) ? value.length === 0 : value === null;
  });
}
