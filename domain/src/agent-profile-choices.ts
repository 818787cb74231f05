// The controlled lists of the structured profile (issue 28): the codes a provider chooses from, the
// labels they read as, and the limits of the free-text lists.

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
