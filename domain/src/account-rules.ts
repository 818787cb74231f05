import { EMAIL_FORMAT, type FieldErrors, MESSAGES } from './agent-rules';
import { MAX_LENGTHS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './input-lengths';
import { COMMON_PASSWORD_MESSAGE, isGuessablePassword } from './password-policy';

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
  passwordTooCommon: COMMON_PASSWORD_MESSAGE,
  fullNameTooLong: 'Full name must be less than 100 characters',
  organizationTooLong: 'Organization must be less than 100 characters',
} as const;

type AccountField = 'email' | 'password' | 'confirmPassword' | 'full_name' | 'organization' | 'phone';
export type AccountErrors = FieldErrors<AccountField>;

export interface AccountInput {
  email?: string | null;
  password?: string | null;
  confirmPassword?: string | null;
  full_name?: string | null;
  organization?: string | null;
  phone?: string | null;
}

const PHONE = /^[+()\d\s.-]{5,32}$/;
/** Full name and organization: the spec sets no limit; 100 matches the agent's name and provider. */
export const PROFILE_MAX_LENGTH = 100;

/** The first problem with a new password, or undefined (also used by the password reset form). */
export function checkNewPassword(password: string, email?: string | null): string | undefined {
  if (password === '') return ACCOUNT_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  if (isGuessablePassword(password, email)) return ACCOUNT_MESSAGES.passwordTooCommon;
  return undefined;
}

function checkPassword(password: string, errors: AccountErrors, email?: string | null): void {
  const problem = checkNewPassword(password, email);
  if (problem) errors.password = problem;
}

export function checkEmail(email: string, errors: AccountErrors): void {
  if (email === '') errors.email = ACCOUNT_MESSAGES.emailRequired;
  else if (email.length > MAX_LENGTHS.email) errors.email = MESSAGES.tooLong('Email', MAX_LENGTHS.email);
  else if (!EMAIL_FORMAT.test(email)) errors.email = ACCOUNT_MESSAGES.emailInvalid;
}

/** Full name and organization required, phone optional but phone-like: also the profile edit's rule. */
export function checkProfile(input: AccountInput, errors: AccountErrors): void {
  const fullName = input.full_name?.trim() ?? '';
  const organization = input.organization?.trim() ?? '';
  if (!fullName) errors.full_name = ACCOUNT_MESSAGES.fullNameRequired;
  else if (fullName.length > PROFILE_MAX_LENGTH) errors.full_name = ACCOUNT_MESSAGES.fullNameTooLong;
  if (!organization) errors.organization = ACCOUNT_MESSAGES.organizationRequired;
  else if (organization.length > PROFILE_MAX_LENGTH)
    errors.organization = ACCOUNT_MESSAGES.organizationTooLong;
  const phone = input.phone?.trim() ?? '';
  if (phone !== '' && !PHONE.test(phone)) errors.phone = ACCOUNT_MESSAGES.phoneInvalid;
}

/** Account setup after registering an agent; the e-mail is checked only when the form lets it be edited. */
export function validateAccountSetup(input: AccountInput, emailEditable: boolean): AccountErrors {
  const errors: AccountErrors = {};
  checkProfile(input, errors);
  checkPassword(input.password ?? '', errors, input.email);
  if (emailEditable) checkEmail(input.email?.trim() ?? '', errors);
  return errors;
}

/** Employer signup: e-mail, password with confirmation, full name, organization, optional phone. */
export function validateEmployerSignup(input: AccountInput): AccountErrors {
  const errors: AccountErrors = {};
  checkEmail(input.email?.trim() ?? '', errors);
  checkPassword(input.password ?? '', errors, input.email);
  const confirmation = input.confirmPassword ?? '';
  if (confirmation === '') errors.confirmPassword = ACCOUNT_MESSAGES.confirmationRequired;
  else if (confirmation !== input.password) errors.confirmPassword = ACCOUNT_MESSAGES.passwordsDoNotMatch;
  checkProfile(input, errors);
  return errors;
}
