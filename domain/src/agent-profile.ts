import { containsInvalidContent } from './sanitize';

// The structured profile of an agent (issue 28): facts a provider states beside the spec's free-text
// fields, from controlled lists where there are any, so employers can compare and filter on them.
// Written once for the provider's and the admin's forms (client), the store, the API, MCP and the
// spreadsheet (server). Every fact is optional: null or an empty list means "not stated", which the
// comparison shows as a gap instead of guessing.

export const PRICING_MODELS = [
  'free',
  'freemium',
  'subscription',
  'usage_based',
  'one_time',
  'quote',
] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  free: 'Free',
  freemium: 'Freemium',
  subscription: 'Subscription',
  usage_based: 'Usage-based',
  one_time: 'One-time purchase',
  quote: 'Custom quote',
};

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const BILLING_PERIODS = ['month', 'year', 'user_month', 'one_time'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = {
  month: 'per month',
  year: 'per year',
  user_month: 'per user per month',
  one_time: 'once',
};

export const DEPLOYMENTS = ['cloud', 'self_hosted', 'on_device'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];
export const DEPLOYMENT_LABELS: Record<Deployment, string> = {
  cloud: 'Cloud',
  self_hosted: 'Self-hosted',
  on_device: 'On-device',
};

/** Suggested in the form; a provider may name another integration (free text, same rules). */
export const INTEGRATION_SUGGESTIONS = [
  'Slack',
  'Gmail',
  'Outlook',
  'Google Drive',
  'Microsoft Teams',
  'Salesforce',
  'HubSpot',
  'Zendesk',
  'Intercom',
  'Shopify',
  'Notion',
  'Jira',
  'GitHub',
  'Zapier',
  'WhatsApp',
  'Stripe',
] as const;

/** ISO 639-1 codes with their English names: what "languages supported" is chosen from. */
export const LANGUAGES = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  sv: 'Swedish',
  pl: 'Polish',
  tr: 'Turkish',
  ru: 'Russian',
  uk: 'Ukrainian',
  ar: 'Arabic',
  he: 'Hebrew',
  hi: 'Hindi',
  bn: 'Bengali',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  vi: 'Vietnamese',
  th: 'Thai',
  id: 'Indonesian',
} as const;
export type LanguageCode = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as LanguageCode[];

export const DATA_RESIDENCIES = ['us', 'eu', 'uk', 'ca', 'au', 'in', 'jp', 'customer_choice'] as const;
export type DataResidency = (typeof DATA_RESIDENCIES)[number];
export const DATA_RESIDENCY_LABELS: Record<DataResidency, string> = {
  us: 'United States',
  eu: 'European Union',
  uk: 'United Kingdom',
  ca: 'Canada',
  au: 'Australia',
  in: 'India',
  jp: 'Japan',
  customer_choice: "Customer's choice",
};

export const CERTIFICATIONS = ['soc2', 'iso27001', 'gdpr', 'hipaa'] as const;
export type Certification = (typeof CERTIFICATIONS)[number];
export const CERTIFICATION_LABELS: Record<Certification, string> = {
  soc2: 'SOC 2',
  iso27001: 'ISO 27001',
  gdpr: 'GDPR',
  hipaa: 'HIPAA',
};

export const PROFILE_LIMITS = {
  integrations: 20,
  integrationLength: 40,
  languages: LANGUAGE_CODES.length,
  tasks: 8,
  taskLength: 80,
  maxPrice: 1_000_000,
} as const;

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

export const PROFILE_MESSAGES = {
  notInList: (label: string, value: string) => `${label}: "${value}" is not one of the choices`,
  tooMany: (label: string, max: number) => `${label}: at most ${max}`,
  itemTooLong: (label: string, max: number) => `${label}: each must be less than ${max} characters`,
  invalidContent: (label: string) => `${label} contains invalid content`,
  notANumber: (label: string) => `${label} must be a number from 0 to ${PROFILE_LIMITS.maxPrice}`,
  notAYesNo: (label: string) => `${label} must be yes or no`,
  priceNeedsCurrency: 'A starting price needs a currency and a billing period',
  verifiedNotClaimed: 'Only claimed certifications can be verified',
  trialDays: 'Trial days must be a whole number from 1 to 365',
} as const;

export type ProfileInput = Partial<Record<AgentProfileField, unknown>>;
export type ProfileValidation =
  | { ok: true; value: AgentProfile }
  | { ok: false; errors: Partial<Record<AgentProfileField, string>> };

/**
 * Checks a profile as sent by a form, the API or a spreadsheet row. Lists take arrays or text
 * separated by commas or semicolons; choices match their code or label without regard to case;
 * booleans take true/false, yes/no. `confirmed_at` is not read: the server sets it.
 */
export function validateAgentProfile(input: ProfileInput): ProfileValidation {
  const errors: Partial<Record<AgentProfileField, string>> = {};
  const value: AgentProfile = { ...EMPTY_PROFILE };
  const fail = (field: AgentProfileField, message: string) => {
    errors[field] ??= message;
  };

  value.pricing_model = oneOf(
    'pricing_model',
    input.pricing_model,
    PRICING_MODELS,
    PRICING_MODEL_LABELS,
    fail,
  );
  value.currency = oneOf('currency', input.currency, CURRENCIES, null, fail);
  value.billing_period = oneOf(
    'billing_period',
    input.billing_period,
    BILLING_PERIODS,
    BILLING_PERIOD_LABELS,
    fail,
  );
  value.starting_price = number('starting_price', input.starting_price, fail);
  value.free_trial = yesNo('free_trial', input.free_trial, fail);
  value.trial_days = number('trial_days', input.trial_days, fail);
  if (
    value.trial_days !== null &&
    (!Number.isInteger(value.trial_days) || value.trial_days < 1 || value.trial_days > 365)
  ) {
    fail('trial_days', PROFILE_MESSAGES.trialDays);
  }
  value.api_available = yesNo('api_available', input.api_available, fail);
  value.mcp_available = yesNo('mcp_available', input.mcp_available, fail);
  value.deployment = manyOf('deployment', input.deployment, DEPLOYMENTS, DEPLOYMENT_LABELS, fail);
  value.languages = manyOf('languages', input.languages, LANGUAGE_CODES, LANGUAGES, fail);
  value.data_residency = manyOf(
    'data_residency',
    input.data_residency,
    DATA_RESIDENCIES,
    DATA_RESIDENCY_LABELS,
    fail,
  );
  value.certifications = manyOf(
    'certifications',
    input.certifications,
    CERTIFICATIONS,
    CERTIFICATION_LABELS,
    fail,
  );
  value.certifications_verified = manyOf(
    'certifications_verified',
    input.certifications_verified,
    CERTIFICATIONS,
    CERTIFICATION_LABELS,
    fail,
  );
  if (value.certifications_verified.some((c) => !value.certifications.includes(c))) {
    fail('certifications_verified', PROFILE_MESSAGES.verifiedNotClaimed);
  }
  value.integrations = freeList(
    'integrations',
    input.integrations,
    PROFILE_LIMITS.integrations,
    PROFILE_LIMITS.integrationLength,
    fail,
    canonicalIntegration,
  );
  value.tasks = freeList(
    'tasks',
    input.tasks,
    PROFILE_LIMITS.tasks,
    PROFILE_LIMITS.taskLength,
    fail,
    (text) => text,
    /[;\n]/,
  );
  if (value.starting_price !== null && (value.currency === null || value.billing_period === null)) {
    fail('starting_price', PROFILE_MESSAGES.priceNeedsCurrency);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value };
}

type Fail = (field: AgentProfileField, message: string) => void;

function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function matchChoice<T extends string>(
  text: string,
  choices: readonly T[],
  labels: Readonly<Record<string, string>> | null,
): T | undefined {
  const wanted = text.trim().toLowerCase();
  return choices.find(
    (choice) => choice.toLowerCase() === wanted || (labels?.[choice] ?? '').toLowerCase() === wanted,
  );
}

function oneOf<T extends string>(
  field: AgentProfileField,
  raw: unknown,
  choices: readonly T[],
  labels: Readonly<Record<string, string>> | null,
  fail: Fail,
): T | null {
  if (isBlank(raw)) return null;
  const found = typeof raw === 'string' ? matchChoice(raw, choices, labels) : undefined;
  if (!found) fail(field, PROFILE_MESSAGES.notInList(PROFILE_LABELS[field], String(raw).slice(0, 40)));
  return found ?? null;
}

/** Lists of choices and integrations split at commas or semicolons; tasks (which may hold commas) at semicolons and line ends. */
function listOf(raw: unknown, separators = /[,;]/): unknown[] {
  if (isBlank(raw)) return [];
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'string') return raw.split(separators).filter((part) => part.trim() !== '');
  return [raw];
}

function manyOf<T extends string>(
  field: AgentProfileField,
  raw: unknown,
  choices: readonly T[],
  labels: Readonly<Record<string, string>>,
  fail: Fail,
): T[] {
  const items = listOf(raw);
  if (items.length > choices.length) {
    fail(field, PROFILE_MESSAGES.tooMany(PROFILE_LABELS[field], choices.length));
    return [];
  }
  const found: T[] = [];
  for (const item of items) {
    const choice = typeof item === 'string' ? matchChoice(item, choices, labels) : undefined;
    if (!choice) fail(field, PROFILE_MESSAGES.notInList(PROFILE_LABELS[field], String(item).slice(0, 40)));
    else if (!found.includes(choice)) found.push(choice);
  }
  // In the list's order, so two profiles with the same facts read (and compare) the same.
  return choices.filter((choice) => found.includes(choice));
}

function freeList(
  field: AgentProfileField,
  raw: unknown,
  max: number,
  maxLength: number,
  fail: Fail,
  canonical: (text: string) => string,
  separators?: RegExp,
): string[] {
  const items = listOf(raw, separators);
  const found: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') {
      fail(field, PROFILE_MESSAGES.invalidContent(PROFILE_LABELS[field]));
      continue;
    }
    const text = canonical(item.trim().replace(/\s+/g, ' '));
    if (text === '') continue;
    if (text.length >= maxLength) fail(field, PROFILE_MESSAGES.itemTooLong(PROFILE_LABELS[field], maxLength));
    else if (containsInvalidContent(text))
      fail(field, PROFILE_MESSAGES.invalidContent(PROFILE_LABELS[field]));
    else if (!found.some((known) => known.toLowerCase() === text.toLowerCase())) found.push(text);
  }
  if (found.length > max) fail(field, PROFILE_MESSAGES.tooMany(PROFILE_LABELS[field], max));
  return found;
}

/** A suggested integration is spelt as the list spells it ("slack" is "Slack"), so filters group them. */
function canonicalIntegration(text: string): string {
  return INTEGRATION_SUGGESTIONS.find((name) => name.toLowerCase() === text.toLowerCase()) ?? text;
}

function number(field: AgentProfileField, raw: unknown, fail: Fail): number | null {
  if (isBlank(raw)) return null;
  const parsed = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > PROFILE_LIMITS.maxPrice) {
    fail(field, PROFILE_MESSAGES.notANumber(PROFILE_LABELS[field]));
    return null;
  }
  return Math.round(parsed * 100) / 100;
}

function yesNo(field: AgentProfileField, raw: unknown, fail: Fail): boolean | null {
  if (isBlank(raw)) return null;
  if (typeof raw === 'boolean') return raw;
  const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (['yes', 'true', 'y', '1'].includes(text)) return true;
  if (['no', 'false', 'n', '0'].includes(text)) return false;
  fail(field, PROFILE_MESSAGES.notAYesNo(PROFILE_LABELS[field]));
  return null;
}

/** Whether anything at all is stated. */
export function isProfileEmpty(profile: AgentProfile): boolean {
  return PROFILE_FIELDS.every((field) => {
    const value = profile[field];
    return Array.isArray(value) ? value.length === 0 : value === null;
  });
}
