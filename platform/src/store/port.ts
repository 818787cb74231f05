import type { Agent } from '@agentry/domain/agent';

// The store port: the source of record. Two adapters implement it (sqlite/ and mongo/) and one
// contract suite (contract.ts) holds both to the same behaviour. Methods are async because the
// MongoDB adapter is; ids are strings whatever the adapter uses inside.

export interface AgentCreate {
  name: string;
  provider: string;
  category: string;
  role: string;
  description: string;
  cost: string;
  address: string;
  email?: string | null;
  status?: string | null;
  owner_id?: string | null;
}

export interface AgentPatch extends Partial<AgentCreate> {
  removed?: boolean;
}

export interface AgentListOptions {
  includeRemoved?: boolean;
  category?: string;
  role?: string;
  ownerId?: string;
}

export interface ImportOutcome {
  added: number;
  /** Rows whose name + provider already exist (or repeat within the batch), with their index in the batch. */
  duplicates: Array<{ index: number; name: string; provider: string }>;
}

export interface AgentRepository {
  /** Throws DuplicateAgentError when an agent with the same name and provider exists. */
  create(input: AgentCreate): Promise<Agent>;
  /** Inserts a batch in one transaction, skipping agents that already exist (identity: name + provider). */
  importMany(inputs: AgentCreate[]): Promise<ImportOutcome>;
  get(id: string): Promise<Agent | null>;
  /** The agents with these ids that exist, in no particular order. */
  getMany(ids: string[]): Promise<Agent[]>;
  /** Null when no agent has this id. Throws DuplicateAgentError when the new name + provider clash. */
  update(id: string, patch: AgentPatch): Promise<Agent | null>;
  /** Sorted by category, then role, then name. Removed agents only with includeRemoved. */
  list(options?: AgentListOptions): Promise<Agent[]>;
  count(options?: { includeRemoved?: boolean }): Promise<number>;
  /** Categories of agents not removed, sorted. */
  categories(): Promise<string[]>;
  /** Roles of agents not removed, in one category or in all, sorted. */
  roles(category?: string): Promise<string[]>;
  /** Plain substring matching over name, role, category, description and provider: the fallback when the engine is down. */
  searchBasic(query: string, limit: number): Promise<Agent[]>;
  /** Every agent not removed, in batches, for full reindexing. */
  scan(batchSize: number): AsyncIterable<Agent[]>;
}

export type ChangeOp = 'upsert' | 'delete';

/** One entry of the change log that the indexer follows: every agent write adds one. */
export interface AgentChange {
  seq: number;
  agent_id: string;
  op: ChangeOp;
  at: string;
}

export interface ChangeLog {
  /** Changes with seq > afterSeq, oldest first. */
  since(afterSeq: number, limit: number): Promise<AgentChange[]>;
  /** The newest seq, 0 when empty. */
  head(): Promise<number>;
  /** Deletes entries with seq <= uptoSeq (already applied by every consumer). */
  prune(uptoSeq: number): Promise<number>;
}

export type UserType = 'agent_provider' | 'employer';

export interface User {
  id: string;
  email: string;
  full_name: string;
  organization: string;
  phone: string | null;
  user_type: UserType;
  subscription_status: string;
  stripe_customer_id: string | null;
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
}

export type UserPatch = Partial<Omit<UserCreate, 'email'>>;

export interface UserRepository {
  /** Throws DuplicateUserError when the e-mail (case-insensitive) is taken. */
  create(input: UserCreate): Promise<User>;
  findById(id: string): Promise<User | null>;
  /** Includes the password hash: only for sign-in. */
  findByEmailWithSecret(email: string): Promise<UserWithSecret | null>;
  findByEmail(email: string): Promise<User | null>;
  update(id: string, patch: UserPatch): Promise<User | null>;
  list(): Promise<User[]>;
}

export interface SessionRepository {
  get(sid: string): Promise<string | null>;
  set(sid: string, data: string, expiresAt: Date): Promise<void>;
  touch(sid: string, expiresAt: Date): Promise<void>;
  destroy(sid: string): Promise<void>;
  purgeExpired(now?: Date): Promise<number>;
}

/** Small durable settings: indexer checkpoints and the like. */
export interface KeyValueRepository {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

export interface Store {
  readonly kind: 'sqlite' | 'mongodb';
  readonly agents: AgentRepository;
  readonly changes: ChangeLog;
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly kv: KeyValueRepository;
  /** Resolves when the store answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateAgentError extends Error {
  constructor(
    readonly agentName: string,
    readonly provider: string,
  ) {
    super(`An agent named ${agentName} from ${provider} is already listed`);
    this.name = 'DuplicateAgentError';
  }
}

export class DuplicateUserError extends Error {
  constructor() {
    super('An account with this email already exists');
    this.name = 'DuplicateUserError';
  }
}
