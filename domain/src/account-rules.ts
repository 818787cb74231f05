import { EMAIL_FORMAT, type FieldErrors, MESSAGES } from './agent-rules';
import { MAX_LENGTHS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

// Account setup and employer signup rules of spec section 5.

export const ACCOUNT_MESSAGES = {
  fullNameRequired: 'Full name is required',
  organizationRequired: 'Organization is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  confirmationRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  phoneInvalid: 'Phone number is invalid',
} as const;

type AccountField = 'email' | 'password' | 'confirmPassword' | 'full_name' | 'organization' | 'phone';
export type AccountErrors = FieldErrors<AccountField>;

interface AccountInput {
  email?: string | null;
  password?: string | null;
  confirmPassword?: string | null;
  full_name?: string | null;
  organization?: string | null;
  phone?: string | null;
}

const PHONE = /^[+()\d\s.-]{5,32}$/;

function checkPassword(password: string, errors: AccountErrors): void {
  if (password === '') errors.password = ACCOUNT_MESSAGES.passwordRequired;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = ACCOUNT_MESSAGES.passwordTooShort;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = ACCOUNT_MESSAGES.passwordTooLong;
}

function checkEmail(email: string, errors: AccountErrors): void {
  if (email === '') errors.email = ACCOUNT_MESSAGES.emailRequired;
  else if (email.length > MAX_LENGTHS.email) errors.email = MESSAGES.tooLong('Email', MAX_LENGTHS.email);
  else if (!EMAIL_FORMAT.test(email)) errors.email = ACCOUNT_MESSAGES.emailInvalid;
}

function checkProfile(input: AccountInput, errors: AccountErrors): void {
  if (!input.full_name?.trim()) errors.full_name = ACCOUNT_MESSAGES.fullNameRequired;
  if (!input.organization?.trim()) errors.organization = ACCOUNT_MESSAGES.organizationRequired;
  const phone = input.phone?.trim() ?? '';
  if (phone !== '' && !PHONE.test(phone)) errors.phone = ACCOUNT_MESSAGES.phoneInvalid;
}

/** Account setup after registering an agent; the e-mail is checked only when the form lets it be edited. */
export function validateAccountSetup(input: AccountInput, emailEditable: boolean): AccountErrors {
  const errors: AccountErrors = {};
  checkProfile(input, errors);
  checkPassword(input.password ?? '', errors);
  if (emailEditable) checkEmail(input.email?.trim() ?? '', errors);
  return errors;
}

/** Employer signup: e-mail, password with confirmation, full name, organisation, optional phone. */
export function validateEmployerSignup(input: AccountInput): AccountErrors {
  const errors: AccountErrors = {};
  checkEmail(input.email?.trim() ?? '', errors);
  checkPassword(input.password ?? '', errors);
  const confirmation = input.confirmPassword ?? '';
  if (confirmation === '') errors.confirmPassword = ACCOUNT_MESSAGES.confirmationRequired;
  else if (confirmation !== input.password) errors.confirmPassword = ACCOUNT_MESSAGES.passwordsDoNotMatch;
  checkProfile(input, errors);
  return errors;
}
