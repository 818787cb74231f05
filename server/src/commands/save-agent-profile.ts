import type { Agent } from '@agentry/domain/agent';
import {
  type AgentProfile,
  EMPTY_PROFILE,
  PROFILE_FIELDS,
  type ProfileInput,
  validateAgentProfile,
} from '@agentry/domain/agent-profile';
import type { Admin, Store, User } from '@agentry/platform/store/port';
import { badRequest, notFound } from '../http/errors';
import { findOwnAgent } from '../policies/agent-ownership';
import { assertMayEditListings } from '../policies/subscription';
import type { PresentedAgent } from '../presenters/agent';
import type { Action, Query } from './command';
import type { Services } from './services';
import { providerActor } from './update-own-agent';

// The structured profile of an agent (issue 28): its provider states it from the dashboard (their
// own listed agent only, 404 otherwise; an active subscription, 409 otherwise), staff from the
// admin area. The same rules check both (domain/agent-profile.ts). A provider's save is their
// confirmation of the facts: confirmed_at becomes today. Only staff mark a claimed certification
// verified; a provider's save keeps staff's marks on the certifications still claimed. Every change
// goes to the audit log with what it was before, and the agent is touched so its page's ETag and
// the search index follow.

/** The agent's profile, or one that states nothing. */
export const readAgentProfile: Query<
  { store: Pick<Store, 'profiles'> },
  { agentId: string },
  AgentProfile
> = async ({ store }, { agentId }) => {
  return (await store.profiles.get(agentId))?.profile ?? EMPTY_PROFILE;
};

function checked(input: ProfileInput): AgentProfile {
  const result = validateAgentProfile(input);
  if (!result.ok) {
    throw badRequest(Object.values(result.errors)[0] ?? 'Invalid profile', { errors: result.errors });
  }
  return result.value;
}

export const saveOwnAgentProfile: Action<
  Services,
  { user: User; agentId: string; input: ProfileInput },
  AgentProfile
> = async (services, props) => {
  const agent = await findOwnAgent(services.store, props.user, props.agentId);
  assertMayEditListings(props.user);
  const before = await readAgentProfile(services, { agentId: agent.id });
  const value = checked({ ...props.input, certifications_verified: undefined });
  const profile: AgentProfile = {
    ...value,
    certifications_verified: before.certifications_verified.filter((c) => value.certifications.includes(c)),
    confirmed_at: new Date(services.now()).toISOString().slice(0, 10),
  };
  return persist(services.store, agent, before, profile, providerActor(props.user));
};

export const saveAgentProfileAsAdmin: Action<
  'store',
  { admin: Admin; agentId: string; input: ProfileInput },
  AgentProfile
> = async ({ store }, { admin, agentId, input }) => {
  const agent = await store.agents.get(agentId);
  if (!agent) throw notFound('Agent not found');
  const before = await readAgentProfile({ store }, { agentId: agent.id });
  // Staff correct facts; only the provider's own save confirms them.
  const profile: AgentProfile = { ...checked(input), confirmed_at: before.confirmed_at };
  return persist(store, agent, before, profile, admin.username);
};

async function persist(
  store: Store,
  agent: Agent,
  before: AgentProfile,
  profile: AgentProfile,
  actor: string,
): Promise<AgentProfile> {
  const saved = await store.profiles.save(agent.id, profile);
  const changed = [...PROFILE_FIELDS, 'confirmed_at' as const].filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(profile[field]),
  );
  if (changed.length > 0) {
    await store.audit.record({
      actor,
      action: 'update',
      entity_type: 'agent_profile',
      entity_id: agent.id,
      entity_label: agent.name,
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: Object.fromEntries(changed.map((field) => [field, profile[field]])),
    });
    await store.agents.touch([agent.id]);
  }
  return saved.profile;
}

/** The agents with their profiles (one batched read; at most PROFILE_BATCH_MAX), for comparisons. */
export const withProfiles: Query<
  { store: Pick<Store, 'profiles'> },
  { agents: PresentedAgent[] },
  Array<PresentedAgent & { profile: AgentProfile }>
> = async ({ store }, { agents }) => {
  const stored = await store.profiles.getMany(agents.map((agent) => agent.id));
  const byId = new Map(stored.map((entry) => [entry.agent_id, entry.profile]));
  return agents.map((agent) => ({ ...agent, profile: byId.get(agent.id) ?? EMPTY_PROFILE }));
};
