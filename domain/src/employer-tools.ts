// The employer tools' rules, written once for the server (commands, store) and the client
// (forms, labels): what a contact or demo request is, and the limits on requests and shortlists.

/**
 * contact and demo: an employer's request; ownership: a "this is my product" report about a
 * listing nobody owns, from whoever says they make it (staff read it in the admin inbox).
 */
export type ContactKind = 'contact' | 'demo' | 'ownership';
export type ContactStatus = 'new' | 'replied' | 'closed';
export const CONTACT_STATUSES: readonly ContactStatus[] = ['new', 'replied', 'closed'];

export interface ContactReply {
  at: string;
  /** Who answered: the agent's provider, or staff for requests in the admin inbox. */
  by: 'provider' | 'admin';
  body: string;
}

/** A request's message, and each reply, at most. */
export const CONTACT_MESSAGE_MAX = 2000;
/** A demo request's preferred times, one line, at most. */
export const PREFERRED_TIMES_MAX = 200;

export const SHORTLIST_NAME_MAX = 60;
/** Lists one employer may keep, and agents one list may hold. */
export const SHORTLISTS_PER_USER_MAX = 50;
export const SHORTLIST_AGENTS_MAX = 100;
