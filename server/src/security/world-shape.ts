import type { Store } from '@agentry/platform/store/port';
import type { AppContext } from '../context';
import type { Browser, Caller, UserCaller } from './callers';

// What the route table is walked over: the callers' browsers, the ids of the things they act on, and
// makers of the things a call uses up. Seeded by world.ts.

export interface World {
  context: AppContext;
  store: Store;
  /** The signed-in browser of each kind of caller. */
  browsers: Record<Caller, Browser>;
  /** A new browser signed in as the same caller: for calls that change the caller's own session. */
  freshBrowser(caller: Caller): Promise<Browser>;
  users: Record<UserCaller, { id: string; email: string }>;
  ids: {
    providerSlug: string;
    /** Listed agents nobody owns. */
    listedAgent: string;
    secondAgent: string;
    /** The hash of the logo listedAgent shows. */
    logoHash: string;
    /** The provider's agents: to edit, to delete, and the one employers ask about. */
    ownAgent: string;
    ownAgentToDelete: string;
    ownAgentToAsk: string;
    /** Agents for the admin to edit, delete, and restore (already removed). */
    adminAgent: string;
    adminAgentToDelete: string;
    removedAgent: string;
    /** The active employer's shortlists (the first holds listedAgent). */
    shortlist: string;
    shortlistToDelete: string;
    /** The active employer's saved search (daily alert). */
    savedSearch: string;
    /** Contact requests in the provider's inbox and in the admin inbox. */
    providerRequest: string;
    adminRequest: string;
    /** An account whose subscription the admin switches. */
    subscriberToSwitch: string;
    openCheckout: string;
    paidCheckout: string;
    /** Trust (issue 26): the provider's domain (pending), a review of a listed agent. */
    providerDomain: string;
    review: string;
  };
  /** The employer API keys of the key callers: secrets, never to show in an answer or a log. */
  apiKeys: { employer: string; lapsed: string };
  /** A checkout session nobody has paid or cancelled yet. */
  newCheckout(): Promise<string>;
  /** A new list of the active employer's (for calls that delete one). */
  newShortlist(): Promise<string>;
  /** A new saved search of the active employer's (for calls that delete one). */
  newSavedSearch(): Promise<string>;
  /** The unsubscribe link's token of a new saved search of the employer's (each link stops one). */
  newUnsubscribe(): Promise<{ id: string; token: string }>;
  /** A new agent of the provider's (for a contact request: one per agent every 10 minutes). */
  newOwnAgent(): Promise<string>;
  /** A new API key's id: the lapsed employer's for that caller, else the active employer's. */
  newApiKeyId(caller: Caller): Promise<string>;
  /** A password-reset link's token for an account none of the callers uses. */
  newResetToken(): Promise<string>;
  /** An e-mail verification link's token for the account. */
  newVerifyToken(userId: string): Promise<string>;
  /** A live invitation to the caller's team (the employer's for callers without one), and its link's secret. */
  newInvitation(caller: Caller): Promise<{ id: string; token: string }>;
  /** A new member of the caller's team (the employer's for callers without one): an account of its own. */
  newTeamMember(caller: Caller): Promise<string>;
  /** A new agent held for staff review (registered without an address): to approve or reject. */
  newHeldAgent(): Promise<string>;
  /** A new domain of the provider's (for calls that remove one). */
  newProviderDomain(): Promise<string>;
  /** A new review of a new agent of the provider's (each may be answered once). */
  newReviewOfOwnAgent(): Promise<string>;
  /** A new listing claimed by the provider from another (each claim may be reversed once). */
  newListingClaim(): Promise<string>;
  /** A unique text, for e-mail addresses and agent names. */
  unique(label: string): string;
  /** A one-row workbook the admin upload takes. */
  workbook: Buffer;
  /** A small PNG a provider's logo upload takes. */
  logo: Buffer;
  /** Every one-time token handed out: none may show up in an answer or a log line. */
  issuedTokens: string[];
}
