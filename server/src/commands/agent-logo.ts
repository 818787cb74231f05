import { createHash } from 'node:crypto';
import { checkLogo, LOGO_HASH, logoPath } from '@agentry/domain/logo-image';
import type { Store, StoredLogo, User } from '@agentry/platform/store/port';
import { badRequest } from '../http/errors';
import { findOwnAgent } from '../policies/agent-ownership';
import { assertMayEditListings } from '../policies/subscription';
import type { Action, Query } from './command';
import type { Services } from './services';
import { providerActor } from './update-own-agent';

// Agent logos (issue 25): a provider uploads a picture for one of their listings (their own
// agent only, 404 for any other; with an active subscription, as for every edit), checked as the
// link checker checks a site's icon (domain/logo-image.ts), or takes it back (the site's icon then
// shows again once the link checker finds it). Either way the agent is touched, so the search
// index reads its new logo, and the audit log says who did it. Anyone reads a stored picture by
// its hash.

/** The agent's logo after the change, as its public answer gives it. */
export interface LogoAnswer {
  logo: string | null;
}

async function recordChange(
  services: Services,
  user: User,
  agent: { id: string; name: string },
  before: string | null,
  after: string | null,
) {
  await services.store.agents.touch([agent.id]);
  if (before === after) return;
  await services.store.audit.record({
    actor: providerActor(user),
    action: 'update',
    entity_type: 'agent',
    entity_id: agent.id,
    entity_label: agent.name,
    before: { logo: before },
    after: { logo: after },
  });
}

export const uploadOwnLogo: Action<
  Services,
  { user: User; agentId: string; bytes: Uint8Array },
  LogoAnswer
> = async (services, { user, agentId, bytes }) => {
  const agent = await findOwnAgent(services.store, user, agentId);
  assertMayEditListings(user);
  const checked = checkLogo(bytes);
  if (!checked.ok) throw badRequest(checked.message, { errors: { logo: checked.message } });
  const hash = createHash('sha256').update(bytes).digest('hex');
  await services.store.logos.set(agent.id, {
    hash,
    content_type: checked.image.type,
    bytes,
    source: 'upload',
    at: new Date(services.now()).toISOString(),
  });
  await recordChange(services, user, agent, agent.logo ?? null, logoPath(hash));
  return { logo: logoPath(hash) };
};

export const removeOwnLogo: Action<Services, { user: User; agentId: string }, LogoAnswer> = async (
  services,
  { user, agentId },
) => {
  const agent = await findOwnAgent(services.store, user, agentId);
  assertMayEditListings(user);
  await services.store.logos.clear(agent.id, 'upload');
  const after = (await services.store.agents.get(agent.id))?.logo ?? null;
  await recordChange(services, user, agent, agent.logo ?? null, after);
  return { logo: after };
};

/** A stored picture by its hash, or null (a malformed hash names none). */
export const readLogo: Query<{ store: Pick<Store, 'logos'> }, { hash: string }, StoredLogo | null> = async (
  { store },
  { hash },
) => (LOGO_HASH.test(hash) ? store.logos.get(hash) : null);
