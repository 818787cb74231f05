import { z } from 'zod';
import { ADMIN_NAME_SEARCH_MAX, SUBSCRIBERS_PAGE_MAX } from '../admin-rules';
import { AGENT_FIELDS } from '../agent';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_PAGE_MAX } from '../audit';
import { PASSWORD_MAX_LENGTH } from '../input-lengths';
import { PROVIDER_MERGE_FROM_MAX, PROVIDER_SPELLING_MAX } from '../provider-name';
import { UserType } from './accounts';
import { AdminAgent } from './agents';
import { fieldsShape, pageQuery, strictBody, timestamp } from './shapes';

// The admin API (docs/admin.md; server/src/routes/api/admin/): staff sign-in, the catalog with its
// review queue, subscribers, the upload, the reindex, the audit log and the usage counts. The agent
// rules themselves run in the commands with domain/admin-rules, as on the client.

const text = (max: number) => z.string().max(max);

/** The deepest page any admin list may be read at: past it, narrow the list with a filter. */
const MAX_OFFSET = 1_000_000;

export const AdminLoginBody = z.object({
  username: text(64).trim().min(1, 'Username is required'),
  password: text(PASSWORD_MAX_LENGTH).min(1, 'Password is required'),
});

/** The sign-in's second step: six digits from the app (spaces allowed), or a recovery code. */
export const AdminCodeBody = z.object({
  code: text(32).trim().min(1, 'Enter the code from your authenticator app'),
});

/** GET /api/admin/csrf-token: a fresh admin session's token, for the sign-in form. */
export const AdminToken = z.strictObject({ success: z.literal(true), csrf_token: z.string() });
export type AdminToken = z.infer<typeof AdminToken>;

/** Signed in (and GET /api/admin/me): the admin and the session's CSRF token. */
export const AdminSignedIn = z.strictObject({
  success: z.literal(true),
  admin: z.strictObject({ username: z.string() }),
  csrf_token: z.string(),
});
export type AdminSignedIn = z.infer<typeof AdminSignedIn>;

/** GET /api/admin/session for a browser where no admin is signed in: said with 200, not an error. */
export const AdminSignedOut = z.strictObject({ success: z.literal(true), admin: z.null() });
export type AdminSignedOut = z.infer<typeof AdminSignedOut>;

/** GET /api/admin/session: the admin screen's question on arrival, answered either way. */
export const AdminSessionAnswer = z.union([AdminSignedIn, AdminSignedOut]);
export type AdminSessionAnswer = z.infer<typeof AdminSessionAnswer>;

/** The password was right; send the code from the authenticator app next. */
export const AdminCodeRequired = z.strictObject({
  success: z.literal(false),
  totp_required: z.literal(true),
  message: z.string(),
  csrf_token: z.string().meta({ description: 'The token of the new session that waits for the code.' }),
});
export type AdminCodeRequired = z.infer<typeof AdminCodeRequired>;

/** Add and edit: every agent field, the e-mail, and (on edit) the staff's free-text status. */
const agentField = text(2000).optional().nullable();
export const AdminAgentBody = strictBody({
  ...fieldsShape(AGENT_FIELDS, () => agentField),
  email: agentField,
  status: agentField,
});
export type AdminAgentBody = z.infer<typeof AdminAgentBody>;

export const AdminAgentsQuery = z.object({
  ...pageQuery({ defaultLimit: 100, maxLimit: 500, maxOffset: MAX_OFFSET }),
  category: text(200).optional(),
  /** Staff's search by name (issue 25): agents whose name contains it; blank means every agent. */
  name: z
    .string()
    .trim()
    .max(ADMIN_NAME_SEARCH_MAX, `A name to search has at most ${ADMIN_NAME_SEARCH_MAX} characters`)
    .optional(),
});

/** The review queue, in the listing order: 20 a page by default. */
export const ReviewQueueQuery = z.object(
  pageQuery({ defaultLimit: 20, maxLimit: 100, maxOffset: MAX_OFFSET }),
);

/** GET /api/admin/agents and GET /api/admin/review-queue: one page and how many in all. */
export const AdminAgentsPage = z.strictObject({
  success: z.literal(true),
  agents: z.array(AdminAgent),
  total: z.number().int().min(0),
});
export type AdminAgentsPage = z.infer<typeof AdminAgentsPage>;

export const AdminAgentAnswer = z.strictObject({ success: z.literal(true), agent: AdminAgent });
export type AdminAgentAnswer = z.infer<typeof AdminAgentAnswer>;

export const SubscribersQuery = z.object(
  pageQuery({ defaultLimit: 50, maxLimit: SUBSCRIBERS_PAGE_MAX, maxOffset: MAX_OFFSET }),
);

export const SubscriptionStatusBody = z.object({
  subscription_status: z.enum(['active', 'inactive'], {
    error: "subscription_status must be 'active' or 'inactive'",
  }),
});
export type SubscriptionStatusBody = z.infer<typeof SubscriptionStatusBody>;

export const Subscriber = z.strictObject({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  organization: z.string(),
  phone: z.string().nullable(),
  user_type: UserType,
  subscription_status: z.string(),
  created_at: timestamp,
  agent_count: z.number().int().min(0),
  active_agent_count: z.number().int().min(0),
});
export type Subscriber = z.infer<typeof Subscriber>;

export const SubscribersPage = z.strictObject({
  success: z.literal(true),
  subscribers: z.array(Subscriber),
  total: z.number().int().min(0),
});
export type SubscribersPage = z.infer<typeof SubscribersPage>;

export const SubscriberAnswer = z.strictObject({ success: z.literal(true), subscriber: Subscriber });
export type SubscriberAnswer = z.infer<typeof SubscriberAnswer>;

/** GET /api/admin/stats: the dashboard's counts and the charts' data. */
export const AdminStats = z.strictObject({
  success: z.literal(true),
  agents: z.strictObject({ total: z.number(), active: z.number(), removed: z.number() }),
  per_category: z.array(z.strictObject({ value: z.string(), count: z.number() })),
  /** The last 12 weeks, oldest first; `week` is the Monday (YYYY-MM-DD). */
  weekly: z.array(z.strictObject({ week: z.string(), agents: z.number(), subscribers: z.number() })),
  subscriptions: z.strictObject({ active: z.number(), inactive: z.number() }),
});
export type AdminStats = z.infer<typeof AdminStats>;

export const SkippedRow = z.strictObject({ row: z.number().int(), name: z.string(), reason: z.string() });
export type SkippedRow = z.infer<typeof SkippedRow>;

/** POST /api/admin/upload: what was added, what was skipped and why (the first 1,000 skipped rows listed). */
export const UploadReport = z.strictObject({
  success: z.literal(true),
  added: z.number().int().min(0),
  skipped: z.number().int().min(0),
  skipped_agents: z.array(SkippedRow),
});
export type UploadReport = z.infer<typeof UploadReport>;

export const ReindexJob = z.strictObject({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  documents: z.number().int().nullable(),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
  error: z.string().nullable(),
  started_by: z.string(),
  /** Refreshed while the job runs: a running job whose heartbeat stops died with its process. */
  heartbeat_at: timestamp,
  /** Which process runs it; an older record without it was run by the API. */
  runner: z.enum(['api', 'indexer']).optional().meta({
    description:
      'Which process runs it: the API, or (Meilisearch with the indexer apart, whose search-only key cannot build an index) the indexer process, which takes it within seconds.',
  }),
  /** When the indexer took a job the API asked it for (null: nobody has yet). */
  claimed_at: timestamp.nullable().optional(),
});
export type ReindexJob = z.infer<typeof ReindexJob>;

/** GET /api/admin/reindex (null when there has been none) and POST (202, the new job). */
export const ReindexAnswer = z.strictObject({ success: z.literal(true), job: ReindexJob.nullable() });
export type ReindexAnswer = z.infer<typeof ReindexAnswer>;

/** POST /api/admin/reindex (202): the job just started. */
export const ReindexStarted = z.strictObject({ success: z.literal(true), job: ReindexJob });
export type ReindexStarted = z.infer<typeof ReindexStarted>;

export const AuditQuery = z.object({
  ...pageQuery({ defaultLimit: 50, maxLimit: AUDIT_PAGE_MAX, maxOffset: MAX_OFFSET }),
  actor: text(64).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entity_id: text(64).optional(),
});

/** One staff action: who did what to which record, with the record's fields before and after. */
export const AuditEntry = z.strictObject({
  id: z.string(),
  at: timestamp,
  /** The admin's username. */
  actor: z.string().meta({ description: 'The admin’s username.' }),
  action: z.enum(AUDIT_ACTIONS),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.string().nullable(),
  /** What a person reads to know the record (an agent's name, a subscriber's e-mail, a file name). */
  entity_label: z.string(),
  before: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: 'The changed fields before (updates list only those).' }),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.strictObject({
  success: z.literal(true),
  entries: z.array(AuditEntry),
  total: z.number().int().min(0),
});
export type AuditPage = z.infer<typeof AuditPage>;

/** One ISO week ("2026-W47") of MCP tool calls, per tool name. */
export const McpUsageWeek = z.strictObject({ week: z.string(), calls: z.record(z.string(), z.number()) });
export type McpUsageWeek = z.infer<typeof McpUsageWeek>;

/** GET /api/admin/mcp-usage: the last 12 weeks, newest first. */
export const McpUsageAnswer = z.strictObject({ success: z.literal(true), weeks: z.array(McpUsageWeek) });
export type McpUsageAnswer = z.infer<typeof McpUsageAnswer>;

// Provider spellings (issue 25, catalog hygiene): staff see the likely duplicates and merge them.

/** One provider spelling, exactly as agents carry it, and how many agents (removed ones too) do. */
export const ProviderSpellingCount = z.strictObject({
  provider: z.string(),
  agents: z.number().int().min(0),
});

/** Spellings that share a provider key (domain/provider-name.ts): most agents first. */
export const ProviderDuplicateGroup = z.strictObject({
  key: z.string(),
  spellings: z.array(ProviderSpellingCount),
});
export type ProviderDuplicateGroup = z.infer<typeof ProviderDuplicateGroup>;

/** GET /api/admin/providers/duplicates: at most 50 groups, the most agents first. */
export const ProviderDuplicatesAnswer = z.strictObject({
  success: z.literal(true),
  groups: z.array(ProviderDuplicateGroup),
  /** False when the catalog has more spellings than one request reads: the groups are among the first. */
  complete: z.boolean(),
});
export type ProviderDuplicatesAnswer = z.infer<typeof ProviderDuplicatesAnswer>;

const providerSpelling = (what: string) =>
  z
    .string({ error: `${what} must be a provider's name as agents carry it` })
    .min(1, `${what} must not be empty`)
    .max(PROVIDER_SPELLING_MAX, `${what} has at most ${PROVIDER_SPELLING_MAX} characters`);

/** POST /api/admin/providers/merge: the agents of every `from` spelling get `into` as their provider. */
export const ProviderMergeBody = strictBody({
  from: z
    .array(providerSpelling('Each spelling in from'), { error: 'from must be a list of provider spellings' })
    .min(1, 'Name at least one spelling to merge (from)')
    .max(PROVIDER_MERGE_FROM_MAX, `Merge at most ${PROVIDER_MERGE_FROM_MAX} spellings at once`),
  into: providerSpelling('into').refine((value) => value.trim() !== '', 'into must not be blank'),
});
export type ProviderMergeBody = z.infer<typeof ProviderMergeBody>;

/** An agent a merge left alone: one of the same name is already listed under `into`. */
export const ProviderMergeClash = z.strictObject({ id: z.string(), name: z.string(), provider: z.string() });

export const ProviderMergeAnswer = z.strictObject({
  success: z.literal(true),
  into: z.string(),
  /** How many agents now carry `into`. */
  moved: z.number().int().min(0),
  /** Agents left under their spelling (at most 100 named; clashed_total counts them all). */
  clashed: z.array(ProviderMergeClash),
  clashed_total: z.number().int().min(0),
  /** True when one request's bound was reached: send the same merge again to move the rest. */
  remaining: z.boolean(),
});
export type ProviderMergeAnswer = z.infer<typeof ProviderMergeAnswer>;
