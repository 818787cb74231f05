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
