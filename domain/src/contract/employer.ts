import { z } from 'zod';
import { API_KEY_NAME_MAX, API_KEYS_PER_EMPLOYER_MAX } from '../api-keys';
import {
  CONTACT_KINDS,
  CONTACT_MESSAGE_MAX,
  CONTACT_STATUSES,
  PREFERRED_TIMES_MAX,
  REQUEST_OUTCOMES,
  SHORTLIST_NAME_MAX,
} from '../employer-tools';
import { PublicAgent } from './agents';
import { AgentProfile } from './profiles';
import { IdParams, pageQuery, recordId, timestamp } from './shapes';

// The employer tools (docs/employer-tools.md; server/src/routes/api/employer/): shortlists, the
// comparison, contact and demo requests with the inboxes that answer them, and API keys. The rules
// on the text itself (trimmed length, control characters) run in the commands, on the cleaned text.

/** Room for a long text before it is cleaned; the commands check the cleaned length. */
const typed = (max: number) => z.string().max(max * 2);

export { IdParams };

export const ShortlistAgentParams = z.object({ id: recordId, agentId: recordId });
export const ShortlistBody = z.object({
  name: typed(SHORTLIST_NAME_MAX).meta({ maxLength: SHORTLIST_NAME_MAX }),
});
export const ShortlistAgentBody = z.object({ agent_id: recordId });

/** One agent on a list and who put it there (a team's lists keep each item's author: issue 28). */
export const ShortlistItem = z.strictObject({
  agent_id: z.string(),
  /** The name of who added it; null for items added before authors were kept. */
  added_by: z.string().nullable(),
  added_at: timestamp.nullable(),
});
export type ShortlistItem = z.infer<typeof ShortlistItem>;

/** An employer's list as they see it (their own, or their team's): no owner id. */
export const Shortlist = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** In the order they were added. */
  agent_ids: z.array(z.string()),
  /** The same agents, in the same order, with who added each. */
  items: z.array(ShortlistItem),
  /** The name of who made the list; null for lists made before authors were kept. */
  created_by: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Shortlist = z.infer<typeof Shortlist>;

export const ShortlistsAnswer = z.strictObject({ success: z.literal(true), shortlists: z.array(Shortlist) });
export type ShortlistsAnswer = z.infer<typeof ShortlistsAnswer>;
export const ShortlistAnswer = z.strictObject({ success: z.literal(true), shortlist: Shortlist });
export type ShortlistAnswer = z.infer<typeof ShortlistAnswer>;

export const CompareQuery = z.object({
  ids: z.string({ error: 'list 2 to 4 agent ids, separated by commas' }).max(400),
});

/** GET /api/compare: the agents in the order asked. */
export const ComparisonAnswer = z.strictObject({
  success: z.literal(true),
  /** Each with its structured profile (issue 28; domain/agent-profile.ts), set side by side. */
  agents: z.array(PublicAgent.extend({ profile: AgentProfile })),
});
export type ComparisonAnswer = z.infer<typeof ComparisonAnswer>;

export const ContactKind = z.enum(CONTACT_KINDS);
export const ContactStatus = z.enum(CONTACT_STATUSES);

export const ContactRequestBody = z.object({
  agent_id: recordId,
  kind: z.enum(['contact', 'demo'], { error: "kind must be 'contact' or 'demo'" }),
  message: typed(CONTACT_MESSAGE_MAX),
  preferred_times: typed(PREFERRED_TIMES_MAX).optional().nullable(),
});
export type ContactRequestBody = z.infer<typeof ContactRequestBody>;

export const ContactReply = z.strictObject({
  at: timestamp,
  /**
   * Who wrote it: the agent's provider, staff for requests in the admin inbox, or the employer who
   * asked, answering them in the conversation (issue 25).
   */
  by: z.enum(['provider', 'admin', 'employer']),
  body: z.string(),
});
export type ContactReply = z.infer<typeof ContactReply>;

/** What both sides read of a request. */
const requestFields = {
  id: z.string(),
  agent_id: z.string(),
  /** The agent's name when the request was sent (the agent may be renamed or removed later). */
  agent_name: z.string(),
  kind: ContactKind,
  message: z.string(),
  preferred_times: z.string().nullable(),
  status: ContactStatus,
  replies: z.array(ContactReply),
  created_at: timestamp,
  updated_at: timestamp,
};

/** What the employer reads about a request they sent: its state and the replies. */
export const RequestOutcome = z.enum(REQUEST_OUTCOMES, {
  error: "outcome must be 'talking', 'trial', 'hired', 'not_a_fit' or null",
});

export const SentContactRequest = z.strictObject({
  ...requestFields,
  /** Who sent it: their name when it was sent (in a team, any member's requests are shared: issue 28). */
  sent_by: z.string(),
  /** 'provider' when it went to the agent's provider, 'admin' when Agentry staff handle it. */
  sent_to: z.enum(['provider', 'admin']),
  /** Where it stands for the employer (issue 28): set by them, read by nobody else. */
  outcome: RequestOutcome.nullable(),
  outcome_at: timestamp.nullable(),
});
export type SentContactRequest = z.infer<typeof SentContactRequest>;

/** What the provider (or staff) read in an inbox: the request and who sent it, to answer them. */
export const InboxContactRequest = z.strictObject({
  ...requestFields,
  company: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string().nullable(),
});
export type InboxContactRequest = z.infer<typeof InboxContactRequest>;

export const SentRequestAnswer = z.strictObject({ success: z.literal(true), request: SentContactRequest });
export type SentRequestAnswer = z.infer<typeof SentRequestAnswer>;

/** Inbox pages: 20 by default, 100 at most. */
const page = pageQuery({ defaultLimit: 20, maxLimit: 100, maxOffset: 1_000_000 });
const status = z.enum(CONTACT_STATUSES, { error: "status must be 'new', 'replied' or 'closed'" });

export const SentRequestsQuery = z.object(page);
export const InboxQuery = z.object({ ...page, status: status.optional() });
export const StatusBody = z.object({ status });
/** PUT /api/employer/requests/{id}/outcome: null clears it. */
export const OutcomeBody = z.object({ outcome: RequestOutcome.nullable() });
export const ReplyBody = z.object({ message: typed(CONTACT_MESSAGE_MAX) });

/** GET /api/employer/requests */
export const SentRequestsPage = z.strictObject({
  success: z.literal(true),
  requests: z.array(SentContactRequest),
  total: z.number().int().min(0),
});
export type SentRequestsPage = z.infer<typeof SentRequestsPage>;

/** How quickly the provider answers, from real replies, one request per employer (domain/reply-time.ts). */
export const ReplyTime = z.strictObject({
  employers: z.number().int().min(0),
  answered: z.number().int().min(0),
  /** The median time to a first reply, in minutes; null when nothing was answered. */
  median_minutes: z.number().nullable(),
  usually_within_day: z.boolean(),
});
export type ReplyTime = z.infer<typeof ReplyTime>;

/** GET /api/users/inbox and /api/admin/inbox: one page, how many match, how many in each status. */
export const InboxPage = z.strictObject({
  success: z.literal(true),
  requests: z.array(InboxContactRequest),
  total: z.number().int().min(0),
  counts: z.strictObject({ new: z.number(), replied: z.number(), closed: z.number() }),
  /** The provider's inbox only (issue 28): how quickly they answer. */
  reply_time: ReplyTime.optional(),
});
export type InboxPage = z.infer<typeof InboxPage>;

export const InboxRequestAnswer = z.strictObject({ success: z.literal(true), request: InboxContactRequest });
export type InboxRequestAnswer = z.infer<typeof InboxRequestAnswer>;

/** POST /api/employer/api-keys: what the key is for. */
export const ApiKeyBody = z.object({
  name: typed(API_KEY_NAME_MAX).describe('What the key is for'),
});

/** An employer's API key as they see it: never the key (shown once, at creation) nor its hash. */
export const ApiKey = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** The key's first characters ("agk_3fQ9xZ1a"), to tell keys apart. */
  prefix: z.string(),
  created_at: timestamp,
  /** To the minute; null until the key is used. */
  last_used_at: timestamp.nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeysAnswer = z.strictObject({
  success: z.literal(true),
  api_keys: z.array(ApiKey),
  /** Keys one employer may hold at once. */
  max: z.literal(API_KEYS_PER_EMPLOYER_MAX),
});
export type ApiKeysAnswer = z.infer<typeof ApiKeysAnswer>;

/** The key itself is in this answer only: it is stored as a hash and never shown again. */
export const ApiKeyCreated = z.strictObject({ success: z.literal(true), api_key: ApiKey, key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
