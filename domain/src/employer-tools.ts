// The employer tools' rules, written once for the server (commands, store) and the client
// (forms, labels): what a contact or demo request is, and the limits on requests and shortlists.

/**
 * contact and demo: an employer's request; ownership: a "this is my product" report about a
 * listing nobody owns, from whoever says they make it (staff read it in the admin inbox).
 */
export const CONTACT_KINDS = ['contact', 'demo', 'ownership'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const CONTACT_STATUSES = ['new', 'replied', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/**
 * Where a request stands for the employer who sent it (issue 28, item 5): set by the employer, read
 * by nobody else. null until they set one.
 */
export const REQUEST_OUTCOMES = ['talking', 'trial', 'hired', 'not_a_fit'] as const;
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];
export const REQUEST_OUTCOME_LABELS: Record<RequestOutcome, string> = {
  talking: 'Talking',
  trial: 'On trial',
  hired: 'Hired',
  not_a_fit: 'Not a fit',
};

/** A reply to a request, as the store keeps it and the API answers it (the contract's shape). */
export type { ContactReply } from './contract/employer';

/** A request's message, and each reply, at most. */
export const CONTACT_MESSAGE_MAX = 2000;
/** A demo request's preferred times, one line, at most. */
export const PREFERRED_TIMES_MAX = 200;

export const SHORTLIST_NAME_MAX = 60;
/** Lists one employer may keep, and agents one list may hold. */
export const SHORTLISTS_PER_USER_MAX = 50;
export const SHORTLIST_AGENTS_MAX = 100;
