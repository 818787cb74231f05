import { type ValidatedAdminAgent, validateAdminAgent } from '@agentry/domain/admin-rules';
import { AGENT_FIELDS } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import type { FormErrors } from '../../../hooks/use-form';
import type { AdminAgent } from '../api/get-admin-agents';
import type { AdminAgentFields } from '../api/save-admin-agent';

// The admin's Add and Edit forms hold every field as typed text; the rule that checks them and
// adds https:// to the address is domain's validateAdminAgent, as on the server.

export type AdminAgentDraft = Record<(typeof AGENT_FIELDS)[number] | 'email' | 'status', string>;

export const EMPTY_DRAFT: AdminAgentDraft = {
  name: '',
  email: '',
  provider: '',
  category: '',
  role: '',
  description: '',
  cost: '',
  address: '',
  status: '',
};

/** An agent's fields to edit: names and descriptions arrive entity-encoded and are edited decoded. */
export function draftOf(agent: AdminAgent): AdminAgentDraft {
  const text = Object.fromEntries(AGENT_FIELDS.map((field) => [field, decodeEntities(agent[field] ?? '')]));
  return { ...EMPTY_DRAFT, ...text, email: agent.email ?? '', status: agent.status ?? '' };
}

/** The messages to show under the fields (none when the draft passes). */
export function draftErrors(draft: AdminAgentDraft): FormErrors {
  const result = validateAdminAgent(draft);
  return result.ok ? {} : result.errors;
}

/** What to send: the checked fields, the optional ones as '' when empty. */
export function payloadOf(value: ValidatedAdminAgent): AdminAgentFields & { status: string } {
  return { ...value, email: value.email ?? '', status: value.status ?? '' };
}
