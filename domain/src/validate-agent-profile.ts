import {
  BILLING_PERIOD_LABELS,
  BILLING_PERIODS,
  CERTIFICATION_LABELS,
  CERTIFICATIONS,
  CURRENCIES,
  DATA_RESIDENCIES,
  DATA_RESIDENCY_LABELS,
  DEPLOYMENT_LABELS,
  DEPLOYMENTS,
  INTEGRATION_SUGGESTIONS,
  LANGUAGE_CODES,
  LANGUAGES,
  PRICING_MODEL_LABELS,
  PRICING_MODELS,
  PROFILE_LIMITS,
} from './agent-profile-choices';
import {
  type AgentProfile,
  type AgentProfileField,
  EMPTY_PROFILE,
  PROFILE_LABELS,
} from './agent-profile-fields';
import { containsInvalidContent } from './sanitize';

// Checking a structured profile as sent by a form, the API or a spreadsheet row, and its messages.

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
