import { employerWithApiKey } from '@agentry/server/testing/api-keys';
import type { World } from './world';

// What the fuzzer needs in the store: a small catalog, a subscribed provider owning agents with a
// request in its inbox, an active employer with a shortlist, API keys and an open test checkout, a
// request in the admin inbox, an agent in the review queue, a signed-in admin, and a lapsed
// employer's key. Made through the API where the API makes it.

export interface SeededIds {
  providerId: string;
  employerId: string;
  providerSlug: string;
  /** Agents the provider owns. */
  ownAgents: string[];
  unownedAgent: string;
  removedAgent: string;
  /** An agent registered without an address, waiting in the staff's review queue. */
  heldAgent: string;
  shortlist: string;
  /** The employer's saved search (issue 28). */
  savedSearch: string;
  providerRequest: string;
  adminRequest: string;
  /** The employer's test checkout, left open. */
  checkout: string;
  /** An API key of the employer's to revoke (not the key caller's own). */
  apiKey: string;
  /** The key caller's own key (keyHolder). */
  holderKey: string;
  /** Trust (issue 26): a review of the provider's agent, the provider's domain, a listing claimed from another. */
  review: string;
  providerDomain: string;
  claim: string;
}

const CATALOG = [
  ['InboxPilot', 'Customer Service', 'Customer Support Agent', '$29/month'],
  ['LedgerLark', 'Finance', 'Bookkeeper', '$49/month'],
  ['TallyTern', 'Finance', 'Accountant', 'Free'],
  ['HireHawk', 'HR & Recruiting', 'Recruiter', 'Contact us'],
  ['CopyCrane', 'Marketing', 'Copywriter', '$10/month'],
  ['SalesSwift', 'Sales', 'Sales Development Rep', 'Freemium'],
  ['CodeCorm', 'Engineering', 'Code Reviewer', '$99/month'],
  ['LawLoon', 'Legal', 'Contract Reviewer', '$199/month'],
] as const;

/** The provider owns the first three agents; the last one is removed. */
async function seedCatalog(world: World, providerId: string) {
  const agents = [];
  for (let index = 0; index < CATALOG.length + 2; index += 1) {
    const [name, category, role, cost] = CATALOG[index % CATALOG.length]!;
    const owned = index < 3;
    agents.push(
      await world.store.agents.create({
        name: index < CATALOG.length ? name : `${name} ${index}`,
        provider: owned ? 'Northwind Labs' : 'Tern Works',
        category,
        role,
        description: `${name} helps with ${role.toLowerCase()} work, in English and Spanish.`,
        cost,
        address: `https://${name.toLowerCase()}.example`,
        email: owned ? world.callers.provider.email! : null,
        owner_id: owned ? providerId : null,
      }),
    );
  }
  await world.store.agents.update(agents.at(-1)!.id, { removed: true });
  return agents.map((agent) => agent.id);
}

/** An agent as registered without an e-mail address: held for staff review. */
export const heldAgentInput = (name: string) => ({
  name,
  provider: 'Tern Works',
  category: 'Operations',
  role: 'Scheduler',
  description: 'Registered without an e-mail address: waits for staff review.',
  cost: 'Free',
  address: 'https://heldheron.example',
  held_for: 'review' as const,
});

/** The id at the end of the test checkout's page address. */
const checkoutId = (url: unknown) => String(url).split('/').pop()!;

export async function seedWorld(world: World): Promise<SeededIds> {
  await world.startSession('visitor');
  const providerId = await world.createAccount('provider', 'ada@northwind.example');
  const employerId = await world.createAccount('employer', 'grace@acme.example');
  // The provider pays its checkout (a subscription to cancel and reactivate); the employer's stays
  // open (the test checkout to fuzz) and its account is made active by hand.
  const paid = await world.call('provider', 'POST', `/api/users/${providerId}/subscription`);
  await world.call('visitor', 'POST', `/api/test-checkout/${checkoutId(paid.url)}/pay`);
  const open = await world.call('employer', 'POST', `/api/users/${employerId}/subscription`);
  const activeAndVerified = { subscription_status: 'active', email_verified_at: new Date().toISOString() };
  await world.store.users.update(providerId, activeAndVerified);
  await world.store.users.update(employerId, activeAndVerified);

  const agents = await seedCatalog(world, providerId);
  await world.signInAdmin();
  const shortlist = await world.call('employer', 'POST', '/api/shortlists', { name: 'Finance' });
  await world.call('employer', 'POST', `/api/shortlists/${shortlist.shortlist.id}/agents`, {
    agent_id: agents[1],
  });
  const saved = await world.call('employer', 'POST', '/api/employer/saved-searches', {
    name: 'Spanish support',
    search: { query: 'answer emails in spanish', filters: { category: ['Customer Service'] } },
    alert: 'daily',
  });
  const ask = (agentId: string) =>
    world.call('employer', 'POST', '/api/contact-requests', {
      agent_id: agentId,
      kind: 'demo',
      message: 'Could we see it answer Spanish e-mails?',
      preferred_times: 'Tuesday mornings',
    });
  const toProvider = await ask(agents[0]!);
  const toAdmin = await ask(agents[4]!);
  // Employer API keys, made in the dashboard as employers make them: the key callers' (one the
  // employer holds, one revoked) and one to revoke; and a key whose employer's plan lapsed.
  const makeKey = (name: string) => world.call('employer', 'POST', '/api/employer/api-keys', { name });
  const holder = await makeKey('Fuzz assistant');
  world.callers.keyHolder.bearer = holder.key;
  const revoked = await makeKey('Revoked');
  await world.call('employer', 'DELETE', `/api/employer/api-keys/${revoked.api_key.id}`);
  world.callers.revokedKey.bearer = revoked.key;
  const toRevoke = await makeKey('To revoke');
  world.callers.lapsedKey.bearer = (
    await employerWithApiKey(world.store, { email: 'lapsed@acme.example', active: false })
  ).apiKey;
  const held = await world.store.agents.create(heldAgentInput('HeldHeron'));
  // Trust: a review of the provider's agent (by another organisation), a domain of the provider's
  // waiting for its proof, and a listing the provider claimed from another account.
  const review = await world.store.reviews.write({
    agent_id: agents[0]!,
    org_key: 'domain:reviewers.example',
    author_id: 'fuzz-reviewer',
    organization: 'Reviewers Inc',
    rating: 4,
    body: 'It answered our e-mails in Spanish well.',
  });
  const domain = await world.store.verifications.create(
    { user_id: providerId, domain: 'northwind.example', token: 'fuzz-token' },
    20,
  );
  const claim = await world.store.listingClaims.claim({
    agent_id: agents[5]!,
    agent_name: 'Claimed',
    domain: 'salesswift.example',
    from_owner_id: null,
    to_owner_id: providerId,
  });
  return {
    review: review.review.id,
    providerDomain: domain.id,
    claim: claim!.id,
    providerId,
    employerId,
    providerSlug: (await world.store.users.findById(providerId))!.slug!,
    ownAgents: agents.slice(0, 3),
    unownedAgent: agents[4]!,
    removedAgent: agents.at(-1)!,
    heldAgent: held.id,
    shortlist: shortlist.shortlist.id,
    savedSearch: saved.saved_search.id,
    providerRequest: toProvider.request.id,
    adminRequest: toAdmin.request.id,
    checkout: checkoutId(open.url),
    apiKey: toRevoke.api_key.id,
    holderKey: holder.api_key.id,
  };
}
