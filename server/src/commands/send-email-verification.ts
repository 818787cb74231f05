import type { Agent } from '@agentry/domain/agent';
import { normalizeEmail } from '@agentry/domain/email';
import { CLAIM_AGENTS_MAX, type User } from '@agentry/platform/store/port';
import { issueToken } from '../auth/one-time-tokens';
import { verifyEmailMessage } from '../mail/messages';
import type { Action, Query } from './command';
import { deliver, publicLink, type Services } from './services';

// The link that proves an account's address. It names the agents it hands over (docs/accounts.md,
// ownership): those the account's holder registered under the address themselves, in the browser
// that created the account or while signed in to it, and nothing else registered under it.

/** Sends a verification link naming these agents (ids the caller vouches for as the holder's own). */
export const sendEmailVerification: Action<
  Services,
  { user: User; ownAgentIds?: string[]; phase?: (name: string) => void },
  boolean
> = async (services, { user, ownAgentIds = [], phase = () => undefined }) => {
  const agents = await pendingOwnAgents(services, user, ownAgentIds);
  const token = await issueToken(services.store, {
    purpose: 'verify_email',
    userId: user.id,
    agentIds: agents.map((agent) => agent.id),
    now: services.now(),
  });
  phase('link');
  const sent = await deliver(
    services,
    verifyEmailMessage({
      to: user.email,
      fullName: user.full_name,
      link: publicLink(services, `/verify-email?token=${token}`),
      agentNames: agents.map((agent) => agent.name),
    }),
  );
  phase('mail');
  return sent;
};

/** A new link ("Resend link"): it names what the account's unexpired links name and still waits. */
export const resendEmailVerification: Action<Services, { user: User }, boolean> = async (
  services,
  { user },
) => {
  return sendEmailVerification(services, { user, ownAgentIds: await ownAgentIdsOfLinks(services, user) });
};

/**
 * How many of the agents the account's own unexpired verification links name still wait for its
 * address: what the dashboard says waits. Agents others registered under the address are never
 * counted, so an account opened under somebody else's address learns nothing of them.
 */
export const countOwnWaitingAgents: Query<Services, { user: User }, number> = async (services, { user }) => {
  if (user.email_verified_at) return 0;
  return (await pendingOwnAgents(services, user, await ownAgentIdsOfLinks(services, user))).length;
};

async function ownAgentIdsOfLinks(services: Services, user: User): Promise<string[]> {
  const links = await services.store.tokens.listLive(user.id, 'verify_email', new Date(services.now()));
  return [...new Set(links.flatMap((link) => link.agent_ids))];
}

/** Of these ids, the agents still held for the claim of the account's address, nobody's yet. */
async function pendingOwnAgents(services: Services, user: User, ids: string[]): Promise<Agent[]> {
  if (ids.length === 0) return [];
  const agents = await services.store.agents.getMany(ids.slice(0, CLAIM_AGENTS_MAX));
  const address = normalizeEmail(user.email);
  return agents.filter(
    (agent) =>
      agent.owner_id === null && agent.held_for === 'claim' && normalizeEmail(agent.email ?? '') === address,
  );
}
