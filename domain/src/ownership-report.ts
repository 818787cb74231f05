import { EMAIL_FORMAT, type FieldErrors } from './agent-rules';
import { MAX_LENGTHS } from './input-lengths';

// "This is my product": whoever makes a product listed by nobody (no account owns the listing)
// tells staff so, from the registration form's "already listed" answer. The rules of the report,
// written once for the form and the server. Proof of a website's domain is a later way to the
// same end (docs/accounts.md); this one puts a person in front of staff.

/**
 * How the maker of a listing nobody owns can claim it, as the registration's "already listed"
 * answer lists them: report it to staff, or prove the website's domain (a listed one only).
 */
export const LISTING_CLAIM_WAYS = ['report', 'domain'] as const;
export type ListingClaimWay = (typeof LISTING_CLAIM_WAYS)[number];

export const OWNERSHIP_REPORT_MESSAGE_MAX = 2000;
export const OWNERSHIP_REPORT_NAME_MAX = 100;

export const OWNERSHIP_REPORT_MESSAGES = {
  nameRequired: 'Your name is required',
  nameTooLong: `Your name must be less than ${OWNERSHIP_REPORT_NAME_MAX} characters`,
  organizationTooLong: `Organization must be less than ${OWNERSHIP_REPORT_NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  emailTooLong: `Email must be less than ${MAX_LENGTHS.email} characters`,
  messageRequired: 'Please tell us how this product is yours',
  messageTooLong: `A message has at most ${OWNERSHIP_REPORT_MESSAGE_MAX} characters`,
} as const;

export interface OwnershipReportInput {
  name?: string | null;
  organization?: string | null;
  email?: string | null;
  message?: string | null;
}

export type OwnershipReportErrors = FieldErrors<'name' | 'organization' | 'email' | 'message'>;

/** The problems of a report, one per field; an empty object when it can be sent. */
export function checkOwnershipReport(input: OwnershipReportInput): OwnershipReportErrors {
  const errors: OwnershipReportErrors = {};
  const name = input.name?.trim() ?? '';
  const organization = input.organization?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  const message = input.message?.trim() ?? '';
  if (!name) errors.name = OWNERSHIP_REPORT_MESSAGES.nameRequired;
  else if (name.length > OWNERSHIP_REPORT_NAME_MAX) errors.name = OWNERSHIP_REPORT_MESSAGES.nameTooLong;
  if (organization.length > OWNERSHIP_REPORT_NAME_MAX)
    errors.organization = OWNERSHIP_REPORT_MESSAGES.organizationTooLong;
  if (!email) errors.email = OWNERSHIP_REPORT_MESSAGES.emailRequired;
  else if (email.length > MAX_LENGTHS.email) errors.email = OWNERSHIP_REPORT_MESSAGES.emailTooLong;
  else if (!EMAIL_FORMAT.test(email)) errors.email = OWNERSHIP_REPORT_MESSAGES.emailInvalid;
  if (!message) errors.message = OWNERSHIP_REPORT_MESSAGES.messageRequired;
  else if (message.length > OWNERSHIP_REPORT_MESSAGE_MAX)
    errors.message = OWNERSHIP_REPORT_MESSAGES.messageTooLong;
  return errors;
}
