import { normalizeAddress } from '@agentry/domain/address';
import type { Agent } from '@agentry/domain/agent';
import { trustOf } from '@agentry/domain/agent-trust';
import { coveringDomain } from '@agentry/domain/domain-verification';
import { logoPath } from '@agentry/domain/logo-image';
import { providerPagePath } from '@agentry/domain/provider-page';
import type {
  AgentRepository,
  DomainVerificationRepository,
  LinkCheckRepository,
  LogoRepository,
  ReviewRepository,
  UserRepository,
} from '../port';

// Every agent the store answers carries its trust signals (domain/agent-trust.ts), worked out when
// it is read, the same way whichever adapter holds the records: its owner's verified domains (the
// badge, so it follows an owner or an address that changes, with nothing to keep in step), the link
// checker's record, the count and sum of its readable reviews, and the logo it shows (issue 25:
// its path on our site, named by the picture's hash, so a new picture is a new address), and its
// owner's provider page (issue 25: domain/provider-page.ts; with-provider-page-changes.ts sends
// the owner's agents back through the index when it comes or goes). Five batched reads per call,
// whatever the page size; the search index gets the same fields from the agents it reads.

export interface TrustSources {
  verifications: Pick<DomainVerificationRepository, 'verifiedFor'>;
  linkChecks: Pick<LinkCheckRepository, 'getMany'>;
  reviews: Pick<ReviewRepository, 'summaries'>;
  logos: Pick<LogoRepository, 'logosOf'>;
  users: Pick<UserRepository, 'getMany'>;
}

/** The ids of one batched read: at most what the repositories take in one call. */
const BATCH = 1000;

export async function attachTrust(agents: Agent[], sources: TrustSources): Promise<Agent[]> {
  if (agents.length === 0) return agents;
  if (agents.length > BATCH) {
    const parts: Agent[] = [];
    for (let start = 0; start < agents.length; start += BATCH)
      parts.push(...(await attachTrust(agents.slice(start, start + BATCH), sources)));
    return parts;
  }
  const ids = agents.map((agent) => agent.id);
  const owners = [...new Set(agents.flatMap((agent) => (agent.owner_id ? [agent.owner_id] : [])))];
  const [verified, checks, summaries, logos, accounts] = await Promise.all([
    owners.length > 0 ? sources.verifications.verifiedFor(owners) : [],
    sources.linkChecks.getMany(ids),
    sources.reviews.summaries(ids),
    sources.logos.logosOf(ids),
    owners.length > 0 ? sources.users.getMany(owners) : [],
  ]);
  const pageOf = new Map(accounts.map((account) => [account.id, providerPagePath(account)]));
  const logoOf = new Map(logos.map((logo) => [logo.agent_id, logo.hash]));
  const domainsOf = new Map<string, string[]>();
  for (const { user_id, domain } of verified)
    domainsOf.set(user_id, [...(domainsOf.get(user_id) ?? []), domain]);
  const checkOf = new Map(checks.map((check) => [check.agent_id, check]));
  const summaryOf = new Map(summaries.map((summary) => [summary.agent_id, summary]));
  return agents.map((agent) => {
    // A record of another address (the listing moved since its last check) says nothing of this one.
    const recorded = checkOf.get(agent.id);
    const check = recorded && recorded.url === normalizeAddress(agent.address) ? recorded : undefined;
    const summary = summaryOf.get(agent.id);
    const domains = agent.owner_id ? domainsOf.get(agent.owner_id) : undefined;
    return {
      ...agent,
      ...trustOf({
        verified_domain: domains ? coveringDomain(domains, agent.address) : null,
        site_state: check?.state,
        site_since: check?.state_since,
        rating_count: Number(summary?.count ?? 0),
        rating_sum: Number(summary?.sum ?? 0),
        logo: logoOf.has(agent.id) ? logoPath(logoOf.get(agent.id)!) : null,
        provider_page: agent.owner_id ? (pageOf.get(agent.owner_id) ?? null) : null,
      }),
    };
  });
}

/** The agents repository, each agent it answers with its trust signals (plain matching's candidates aside). */
export function withAgentTrust(agents: AgentRepository, sources: TrustSources): AgentRepository {
  const one = async (agent: Agent | null) => (agent ? (await attachTrust([agent], sources))[0]! : null);
  const many = (list: Agent[]) => attachTrust(list, sources);
  return {
    ...agents,
    create: async (input) => (await one(await agents.create(input)))!,
    get: async (id) => one(await agents.get(id)),
    getMany: async (ids) => many(await agents.getMany(ids)),
    update: async (id, patch) => one(await agents.update(id, patch)),
    list: async (options) => many(await agents.list(options)),
    // Without them (port/agents.ts): the search fallback ranks, filters and counts up to a thousand
    // of these to show a page of twenty, and attaches trust to that page alone.
    searchBasic: (query, limit) => agents.searchBasic(query, limit),
    searchBasicHeld: (query, limit) => agents.searchBasicHeld(query, limit),
    async *scan(batchSize, afterId, options) {
      const trust = options?.trust !== false;
      for await (const batch of agents.scan(batchSize, afterId)) yield trust ? await many(batch) : batch;
    },
  };
}
