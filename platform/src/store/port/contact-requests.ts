import {
  CONTACT_STATUSES,
  type ContactKind,
  type ContactReply,
  type ContactStatus,
  REQUEST_OUTCOMES,
  type RequestOutcome,
} from '@agentry/domain/employer-tools';

// The store's part for contact and demo requests, from employers to providers (or the admin
// inbox). Both adapters implement it; the contract (contract/contact-requests.ts) holds them to it.

export type { ContactKind, ContactReply, ContactStatus, RequestOutcome };
export { CONTACT_STATUSES, REQUEST_OUTCOMES };

export interface ContactRequest {
  id: string;
  agent_id: string;
  /** The agent's name when the request was sent (the agent may be renamed or removed later). */
  agent_name: string;
  employer_id: string;
  /** The account that owns the agent; null sends the request to the admin inbox. */
  provider_id: string | null;
  kind: ContactKind;
  message: string;
  preferred_times: string | null;
  company: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  status: ContactStatus;
  replies: ContactReply[];
  /** Where it stands for the employer (talking, trial, hired, not a fit); null until they say. */
  outcome: RequestOutcome | null;
  outcome_at: string | null;
  created_at: string;
  updated_at: string;
}

export type ContactRequestCreate = Omit<
  ContactRequest,
  'id' | 'status' | 'replies' | 'outcome' | 'outcome_at' | 'created_at' | 'updated_at'
>;

/** When a request was sent and first answered: what reply times are computed from (domain/reply-time.ts). */
export interface ContactTiming {
  employer_id: string;
  created_at: string;
  first_reply_at: string | null;
}

/** Whose requests: a provider's inbox, the admin inbox (no provider), or what an employer sent. */
export type ContactInbox = { providerId: string } | { admin: true } | { employerId: string };

/** The most requests one list() call answers. */
export const CONTACT_LIST_MAX = 200;

/** The sending limits create() checks together with the insert. */
export interface ContactSendLimits {
  /** At most `max` requests by this employer created at or after `since`... */
  since: Date;
  max: number;
  /** ...and none about the same agent at or after `sameAgentSince`. */
  sameAgentSince: Date;
}

export interface ContactRequestRepository {
  /**
   * Stores a request; with `limits`, first checks them and throws ContactThrottledError when one
   * is reached. The check and the insert are atomic, so the limits hold across processes and for
   * requests sent at the same instant: SQLite in one write transaction, MongoDB in a transaction
   * that writes the sender's counter first (mongo/contacts.ts).
   */
  create(input: ContactRequestCreate, limits?: ContactSendLimits): Promise<ContactRequest>;
  get(id: string): Promise<ContactRequest | null>;
  /** Newest first, at most CONTACT_LIST_MAX. */
  list(
    inbox: ContactInbox,
    options?: { status?: ContactStatus; limit?: number; offset?: number },
  ): Promise<ContactRequest[]>;
  count(inbox: ContactInbox, options?: { status?: ContactStatus }): Promise<number>;
  setStatus(id: string, status: ContactStatus): Promise<ContactRequest | null>;
  /**
   * Appends a reply. A provider's or staff's marks the request replied; an employer's (issue 25's
   * conversation) marks it new again: it waits for the provider.
   */
  addReply(id: string, reply: ContactReply): Promise<ContactRequest | null>;
  /** How many requests this employer sent since `since` (the throttle's store-side check). */
  countSentSince(employerId: string, since: Date): Promise<number>;
  /**
   * Sets where the request stands for the employer who sent it (null clears it); null when this
   * employer sent no request of this id.
   */
  setOutcome(id: string, employerId: string, outcome: RequestOutcome | null): Promise<ContactRequest | null>;
  /**
   * The provider's newest contact and demo requests (not ownership reports), at most `limit` (and
   * CONTACT_LIST_MAX): who sent each, when, and when it was first answered.
   */
  timings(providerId: string, limit: number): Promise<ContactTiming[]>;
}

export class ContactThrottledError extends Error {
  constructor(readonly reason: 'too_many' | 'same_agent') {
    super(reason === 'too_many' ? 'too many requests' : 'a request about this agent was just sent');
    this.name = 'ContactThrottledError';
  }
}
