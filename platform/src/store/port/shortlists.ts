import { SHORTLIST_AGENTS_MAX, SHORTLISTS_PER_USER_MAX } from '@agentry/domain/employer-tools';

// The store's part for employers' shortlists. Both adapters implement it; the contract
// (contract/shortlists.ts) holds them to it.

export { SHORTLIST_AGENTS_MAX, SHORTLISTS_PER_USER_MAX };

/** One agent on a list and who put it there (issue 28: a team's lists keep each item's author). */
export interface ShortlistItem {
  agent_id: string;
  /** The user who added it; null for items added before authors were kept. */
  added_by: string | null;
  added_at: string | null;
}

export interface Shortlist {
  id: string;
  /** The owner: the employer, or for a team the subscriber's id (employerScopeOf on the server). */
  user_id: string;
  name: string;
  /** In the order they were added. */
  agent_ids: string[];
  /** The same agents, in the same order, with who added them. */
  items: ShortlistItem[];
  /** The user who made the list; null for lists made before authors were kept. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Every call is scoped to its owner: another owner's list is answered as a missing one (null).
 * `authorId` is who acts (a team member acts on the subscriber's lists); the owner by default.
 */
export interface ShortlistRepository {
  create(userId: string, name: string, authorId?: string): Promise<Shortlist>;
  /** The user's lists, newest first, at most SHORTLISTS_PER_USER_MAX. */
  listForUser(userId: string): Promise<Shortlist[]>;
  countForUser(userId: string): Promise<number>;
  get(id: string, userId: string): Promise<Shortlist | null>;
  rename(id: string, userId: string, name: string): Promise<Shortlist | null>;
  delete(id: string, userId: string): Promise<boolean>;
  /** Adds the agent at the end unless it is there already. */
  addAgent(id: string, userId: string, agentId: string, authorId?: string): Promise<Shortlist | null>;
  removeAgent(id: string, userId: string, agentId: string): Promise<Shortlist | null>;
}

export class DuplicateShortlistError extends Error {
  constructor(readonly shortlistName: string) {
    super(`You already have a list named ${shortlistName}`);
    this.name = 'DuplicateShortlistError';
  }
}
