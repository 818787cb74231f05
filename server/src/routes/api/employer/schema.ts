import { API_KEY_NAME_MAX } from '@agentry/domain/api-keys';
import { MULTI_SEARCH_MAX_REQUESTS } from '@agentry/domain/limits';
import { CONTACT_STATUSES, type ContactStatus } from '@agentry/platform/store/employer-port';
import { z } from 'zod';
import { pageQuery } from '../../../http/pagination';

// Shapes and bounds of the employer tools and the inboxes. The rules on the text itself (trimmed
// length, control characters) run in the commands, on the cleaned text.

const id = z.string().min(1).max(64);
/** Room for a long text before it is cleaned; the commands check the cleaned length. */
const typed = (max: number) => z.string().max(max * 2);

/** The same shape as the public POST /api/instantsearch/multi-search. */
export const MultiSearchBody = z.object({
  requests: z
    .array(
      z.object({
        indexName: z.string().max(100).optional(),
        params: z.union([z.record(z.string(), z.unknown()), z.string().max(10_000)]).optional(),
      }),
    )
    .min(1, 'requests must not be empty')
    .max(MULTI_SEARCH_MAX_REQUESTS, `at most ${MULTI_SEARCH_MAX_REQUESTS} requests at once`),
});

export const IdParams = z.object({ id });
export const ShortlistAgentParams = z.object({ id, agentId: id });
export const ShortlistBody = z.object({ name: typed(60) });
export const ShortlistAgentBody = z.object({ agent_id: id });

export const CompareQuery = z.object({
  ids: z.string({ error: 'list 2 to 4 agent ids, separated by commas' }).max(400),
});

export const ContactRequestBody = z.object({
  agent_id: id,
  kind: z.enum(['contact', 'demo'], { error: "kind must be 'contact' or 'demo'" }),
  message: typed(2000),
  preferred_times: typed(200).optional().nullable(),
});

/** Inbox pages: 20 by default, 100 at most. */
const page = pageQuery({ defaultLimit: 20, maxLimit: 100, maxOffset: 1_000_000 });
const status = z.enum(CONTACT_STATUSES as readonly [ContactStatus, ...ContactStatus[]], {
  error: "status must be 'new', 'replied' or 'closed'",
});

export const SentRequestsQuery = z.object(page);
export const InboxQuery = z.object({ ...page, status: status.optional() });
export const StatusBody = z.object({ status });
export const ReplyBody = z.object({ message: typed(2000) });

/** POST /api/employer/api-keys: what the key is for. */
export const ApiKeyBody = z.object({
  name: typed(API_KEY_NAME_MAX).describe('What the key is for'),
});
