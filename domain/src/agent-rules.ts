import { isValidAddress, normalizeAddress } from './address';
import { AGENT_FIELDS, type AgentField, FIELD_LABELS } from './agent';
import { canonicalTerm, nearMissMessage } from './catalog-terms';
import { normalizeOptionalEmail } from './email';
import { MAX_LENGTHS } from './input-lengths';
import { containsInvalidContent, sanitizeInput } from './sanitize';

// Agent registration rules of spec section 5. The server applies them to every write and the
// client applies them before submitting, so both show the same message for the same mistake.

export type AgentFormField = AgentField | 'email' | 'newCategory' | 'newRole';
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export const OTHER_OPTION = 'other';

export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be less than ${max} characters`,
  invalidContent: (label: string) => `${label} contains invalid content`,
  invalidEmail: 'Invalid email format',
  invalidUrl: 'Invalid URL format',
} as const;

/** The first problem with one field's value, or undefined when it is fine. */
export function checkField(
  field: AgentField | 'email',
  value: string,
  required: boolean,
  /** The category chosen beside a role: a slip is first matched against its roles. */
  category?: string,
): string | undefined {
  const label = FIELD_LABELS[field];
  const trimmed = value.trim();
  if (trimmed === '') return required ? MESSAGES.required(label) : undefined;
  const max = MAX_LENGTHS[field];
  if (trimmed.length > max) return MESSAGES.tooLong(label, max);
  if (containsInvalidContent(trimmed)) return MESSAGES.invalidContent(label);
  if (field === 'email' && !EMAIL_FORMAT.test(trimmed)) return MESSAGES.invalidEmail;
  if (field === 'address' && !isValidAddress(trimmed)) return MESSAGES.invalidUrl;
  // A slip for a listed category or role ("Finanse") is asked about, not listed (issue 25).
  if (field === 'category' || field === 'role') return nearMissMessage(field, trimmed, category);
  return undefined;
}

export interface AgentRegistrationInput extends Partial<Record<AgentFormField, string | null>> {}

export interface ValidatedAgent {
  email: string | null;
  name: string;
  provider: string;
  category: string;
  role: string;
  description: string;
  cost: string;
  address: string;
}

export type Validation<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

/**
 * Validates an agent as typed into the registration form: category or role 'other' takes the new
 * value, markup is rejected, then the text is sanitised and the address gets https:// if needed.
 */
export function validateAgentRegistration(
  input: AgentRegistrationInput,
): Validation<ValidatedAgent, AgentFormField> {
  const text = (key: AgentFormField) => String(input[key] ?? '');
  const errors: FieldErrors<AgentFormField> = {};
  const resolved: Record<AgentField, string> = {} as Record<AgentField, string>;

  for (const field of AGENT_FIELDS) {
    let value = text(field);
    let errorKey: AgentFormField = field;
    if ((field === 'category' || field === 'role') && value.trim().toLowerCase() === OTHER_OPTION) {
      const otherKey = field === 'category' ? 'newCategory' : 'newRole';
      value = text(otherKey);
      if (value.trim() === '') {
        errors[otherKey] = MESSAGES.required(FIELD_LABELS[otherKey]);
        continue;
      }
      // What is wrong with a typed new value is said where it was typed.
      errorKey = otherKey;
    }
    const problem = checkField(field, value, true, resolved.category);
    if (problem) errors[errorKey] = problem;
    resolved[field] = value;
  }
  const emailProblem = checkField('email', text('email'), false);
  if (emailProblem) errors.email = emailProblem;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const email = text('email').trim();
  const clean = (field: Exclude<AgentField, 'address'>) => sanitizeInput(resolved[field]).trim();
  return {
    ok: true,
    value: {
      email: normalizeOptionalEmail(email),
      name: clean('name'),
      provider: clean('provider'),
      category: canonicalTerm('category', clean('category')),
      role: canonicalTerm('role', clean('role')),
      description: clean('description'),
      cost: clean('cost'),
      address: normalizeAddress(resolved.address),
    },
  };
}

/**
 * Validates a row of an imported file with the same field rules, without the form's sanitising
 * (quotes and semicolons in a catalog's descriptions are content, not typing accidents).
 */
export function validateAgentRecord(
  input: Partial<Record<AgentField | 'email', unknown>>,
): Validation<ValidatedAgent, AgentField | 'email'> {
  const errors: FieldErrors<AgentField | 'email'> = {};
  const value = {} as Record<AgentField, string>;
  for (const field of AGENT_FIELDS) {
    const raw = stringify(input[field]);
    const problem = checkField(field, raw, true, value.category);
    if (problem) errors[field] = problem;
    value[field] = raw.trim().replace(/\s+/g, ' ');
  }
  const email = stringify(input.email).trim();
  const emailProblem = checkField('email', email, false);
  if (emailProblem) errors.email = emailProblem;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...value,
      category: canonicalTerm('category', value.category),
      role: canonicalTerm('role', value.role),
      address: normalizeAddress(value.address),
      email: normalizeOptionalEmail(email),
    },
  };
}

function stringify(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' ? value : '';
}
