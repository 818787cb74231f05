import { SUBSCRIBERS_PAGE_MAX } from '@agentry/domain/admin-rules';
import type { DayCount } from './day-count';

// The store's part for accounts, providers and employers (contract/users.ts); the record's field
// lists both adapters build from USER_EDITABLE_FIELDS are in ../user-record.ts.

export type UserType = 'agent_provider' | 'employer';

export interface User {
  id: string;
  email: string;
  full_name: string;
  organization: string;
  phone: string | null;
  user_type: UserType;
  /** 'active' or 'inactive': derived from the payment state by domain/subscription.ts, or set by staff. */
  subscription_status: string;
  stripe_customer_id: string | null;
  /** When the person proved they read this e-mail address (a link sent to it); null until then. */
  email_verified_at: string | null;
  /** The provider page's address (/providers/:slug); unique; null for employers. */
  slug: string | null;
  /** The provider's own site, the backlink of the provider page. */
  website: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserWithSecret extends User {
  password_hash: string;
}

export interface UserCreate {
  email: string;
  full_name: string;
  organization: string;
  phone?: string | null;
  user_type: UserType;
  password_hash: string;
  subscription_status?: string;
  stripe_customer_id?: string | null;
  email_verified_at?: string | null;
  slug?: string | null;
  website?: string | null;
}

/**
 * The fields update() may change, written once for both adapters. The e-mail changes only through
 * a confirmed change-of-address link (a command checks that); the store just stores it.
 */
export const USER_EDITABLE_FIELDS = [
  'email',
  'full_name',
  'organization',
  'phone',
  'user_type',
  'password_hash',
  'subscription_status',
  'stripe_customer_id',
  'email_verified_at',
  'slug',
  'website',
] as const satisfies ReadonlyArray<keyof UserCreate>;

export type UserPatch = Partial<Pick<UserCreate, (typeof USER_EDITABLE_FIELDS)[number]>>;

export interface UserRepository {
  /** Throws DuplicateUserError when the e-mail (case-insensitive) is taken. */
  create(input: UserCreate): Promise<User>;
  findById(id: string): Promise<User | null>;
  /**
   * The accounts with these ids that exist (the first USER_BATCH_MAX distinct ids), in no
   * particular order: one read for the owners of a page of agents (their provider pages, issue 25).
   */
  getMany(ids: string[]): Promise<User[]>;
  /** Includes the password hash: only for sign-in. */
  findByEmailWithSecret(email: string): Promise<UserWithSecret | null>;
  findByEmail(email: string): Promise<User | null>;
  findBySlug(slug: string): Promise<User | null>;
  findByStripeCustomerId(customerId: string): Promise<User | null>;
  /** Null when no user has this id. Throws DuplicateUserError when a new e-mail or slug is taken. */
  update(id: string, patch: UserPatch): Promise<User | null>;
  /**
   * update(), answering the account as it was just before this write and as this write left it,
   * both read in the write's own atomic step (a transaction, or one findOneAndUpdate): two racing
   * updates each compare against what they really replaced, never against a state another update
   * has overwritten in between (with-provider-page-changes.ts, issue 25). Null when no user has
   * this id; the same errors as update().
   */
  updateReturningPrevious(id: string, patch: UserPatch): Promise<UserChange | null>;
  /** One page of users, newest first; at most USER_LIST_MAX (also the default). */
  list(options?: { limit?: number; offset?: number }): Promise<User[]>;
  count(): Promise<number>;
  /** Users per subscription_status value, most common first. */
  countByStatus(): Promise<Array<{ value: string; count: number }>>;
  /** Users created at or after `since`, counted per UTC day, oldest day first. */
  createdPerDay(since: Date): Promise<DayCount[]>;
  /** Providers whose subscription_status is active and who have a slug (provider pages, sitemap), by slug. */
  listSubscribedProviders(limit: number): Promise<User[]>;
}

/** One update's account before and after (updateReturningPrevious). */
export interface UserChange {
  before: User;
  after: User;
}

/** The most ids one getMany() call reads (the owners of the agents one store read answers). */
export const USER_BATCH_MAX = 1000;

/** The most users one list() call answers: a page of the admin's subscribers. */
export const USER_LIST_MAX = SUBSCRIBERS_PAGE_MAX;

export class DuplicateUserError extends Error {
  /** Which unique field clashed: the e-mail, or the provider page slug. */
  constructor(readonly field: 'email' | 'slug' = 'email') {
    super(
      field === 'email' ? 'An account with this email already exists' : 'This provider page address is taken',
    );
    this.name = 'DuplicateUserError';
  }
}
