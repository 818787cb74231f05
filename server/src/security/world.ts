import { createHash, randomBytes } from 'node:crypto';
import { SAVED_SEARCHES_PER_OWNER_MAX } from '@agentry/domain/saved-searches';
import { solidPng } from '@agentry/platform/outbound/testing/pictures';
import { agentInput } from '@agentry/platform/store/contract';
import { unsubscribeToken } from '../auth/digest-unsubscribe';
import { hashToken, issueToken } from '../auth/one-time-tokens';
import { hashPassword } from '../auth/passwords';
import { createApiKey } from '../commands/employer/manage-api-keys';
import { startCheckout } from '../commands/start-checkout';
import type { AppContext } from '../context';
import { accountForm } from '../testing/visitor';
import { Browser, type Caller, WALK_PASSWORD } from './callers';
import { secondBrowser } from './second-browser';
import { uploadWorkbook } from './upload-workbook';
import type { World } from './world-shape';

export type { World } from './world-shape';

// The people and things the route table is walked over, made through the real API where that is
// how they come to be (accounts, paid checkouts, a subscription that ran out, contact requests),
// and straight in the store where only their existence matters (agents, shortlists).
// Its parts: world-shape.ts (the World the walk is given), second-browser.ts (a caller signed in on a
// second browser), upload-workbook.ts (the workbook the admin upload takes).

const DAY = 24 * 60 * 60 * 1000;
/** Seats of the walk's teams: room for every probe's invitation and member. */
const WALK_SEATS = 10_000;

interface SeedOptions {
  context: AppContext;
  url: string;
  /** Moves the server's clock (its `now` option) forward. */
  advanceClock(ms: number): void;
}

export async function seedWorld({ context, url, advanceClock }: SeedOptions): Promise<World> {
  const { store, services } = context;
  let counter = 0;
  const unique = (label: string) => {
    counter += 1;
    return `${label}-${counter}`;
  };
  const issuedTokens: string[] = [];
  const passwordHash = await hashPassword(WALK_PASSWORD);

  /** An account made through the API, signed in in its own browser. */
  async function account(email: string, userType: 'agent_provider' | 'employer') {
    const browser = new Browser(url);
    const token = await browser.csrfToken('/api/users');
    const created = await browser.http
      .post('/api/users')
      .set('X-CSRF-Token', token)
      .send(accountForm({ email, password: WALK_PASSWORD, user_type: userType, phone: '+1 555 0100' }))
      .expect(201);
    browser.forgetTokens(); // signed in on a new session
    return { browser, id: created.body.user_id as string, email };
  }

  /** Pays a checkout through the test-mode checkout, as the person would. */
  async function subscribe(person: { browser: Browser; id: string }): Promise<string> {
    const token = await person.browser.csrfToken('/api/users');
    const opened = await person.browser.http
      .post(`/api/users/${person.id}/subscription`)
      .set('X-CSRF-Token', token)
      .expect(200);
    const sessionId = String(opened.body.url).split('/').pop()!;
    await person.browser.http
      .post(`/api/test-checkout/${sessionId}/pay`)
      .set('X-CSRF-Token', token)
      .expect(200);
    return sessionId;
  }

  const verified = (userId: string) =>
    store.users.update(userId, { email_verified_at: new Date(services.now()).toISOString() });

  // The accounts first, side by side (each hashes a password), then their subscriptions in order:
  // the lapsed employer's runs out before the others pay, so theirs are current.
  const [lapsedEmployer, provider, otherProvider, employer, admin] = await Promise.all([
    account('lapsed@acme.example', 'employer'),
    account('maker@northwind.example', 'agent_provider'),
    account('rival@southwind.example', 'agent_provider'),
    account('hiring@acme.example', 'employer'),
    new Browser(url).signInAsAdmin(),
  ]);

  /** An employer API key made in the dashboard, through the API (while the plan is active). */
  async function makeApiKey(person: { browser: Browser }, name: string): Promise<string> {
    const token = await person.browser.csrfToken('/api/employer/api-keys');
    const made = await person.browser.http
      .post('/api/employer/api-keys')
      .set('X-CSRF-Token', token)
      .send({ name })
      .expect(201);
    return made.body.key as string;
  }

  // An employer whose subscription ran out: paid, made an API key, cancelled, and the period
  // ended a while ago.
  await subscribe(lapsedEmployer);
  const lapsedApiKey = await makeApiKey(lapsedEmployer, 'Made while paying');
  const lapsedToken = await lapsedEmployer.browser.csrfToken('/api/users');
  await lapsedEmployer.browser.http
    .post('/api/users/subscription/cancel')
    .set('X-CSRF-Token', lapsedToken)
    .expect(200);
  advanceClock(40 * DAY);
  const ended = await lapsedEmployer.browser.http.get('/api/users/subscription').expect(200);
  if (ended.body.status !== 'inactive') throw new Error(`the lapsed employer is ${ended.body.status}`);
  await verified(lapsedEmployer.id);

  const paidCheckout = await subscribe(provider);
  await verified(provider.id);
  // Subscribed too, so that what refuses them is whose the thing is, not their plan.
  await store.users.update(otherProvider.id, { subscription_status: 'active' });
  await subscribe(employer);
  await verified(employer.id);
  const employerApiKey = await makeApiKey(employer, 'Assistant');

  const agent = async (name: string, overrides: { ownerId?: string; removed?: boolean } = {}) => {
    const slug = name.toLowerCase().replace(/\W+/g, '-');
    const created = await store.agents.create(
      agentInput({ name, address: `https://${slug}.example`, owner_id: overrides.ownerId ?? null }),
    );
    if (overrides.removed) await store.agents.update(created.id, { removed: true });
    return created.id;
  };
  const listedAgent = await agent('Listed One');
  const secondAgent = await agent('Listed Two');
  const ownAgent = await agent('Own Editable', { ownerId: provider.id });
  const ownAgentToDelete = await agent('Own Deletable', { ownerId: provider.id });
  const ownAgentAsked = await agent('Own Asked', { ownerId: provider.id });
  const ownAgentToAsk = await agent('Own To Ask', { ownerId: provider.id });
  const orphanAgent = await agent('Nobody Owns');
  const adminAgent = await agent('Admin Editable');
  const adminAgentToDelete = await agent('Admin Deletable');
  const removedAgent = await agent('Admin Removed', { removed: true });
  // A logo the listed agent shows (issue 25), read by its hash.
  const logoBytes = solidPng(4, 4);
  const logoHash = createHash('sha256').update(logoBytes).digest('hex');
  await store.logos.set(listedAgent, {
    hash: logoHash,
    content_type: 'image/png',
    bytes: logoBytes,
    source: 'site',
    at: new Date().toISOString(),
  });

  const reviewOf = async (agentId: string) =>
    (
      await store.reviews.write({
        agent_id: agentId,
        org_key: `domain:${unique('reviewer')}.example`,
        author_id: employer.id,
        organization: 'Acme Hiring',
        rating: 4,
        body: 'It answered our tickets well.',
      })
    ).review.id;
  const review = await reviewOf(secondAgent);
  const newProviderDomain = async () =>
    (
      await store.verifications.create(
        { user_id: provider.id, domain: `${unique('maker')}.example`, token: 't' },
        1000,
      )
    ).id;
  const providerDomain = await newProviderDomain();

  // The employers' teams (issue 28): the walk's probes add invitations and members past the plan's
  // seats (WALK_SEATS), as only the store is asked to.
  const teamOf = (caller: Caller) =>
    store.teams.saveOrganization(
      caller === 'lapsedEmployer' ? lapsedEmployer.id : employer.id,
      caller === 'lapsedEmployer' ? 'Acme Lapsed' : 'Acme Hiring',
    );
  await teamOf('employer');

  const shortlist = await store.shortlists.create(employer.id, 'Support bots');
  await store.shortlists.addAgent(shortlist.id, employer.id, listedAgent);
  const shortlistToDelete = await store.shortlists.create(employer.id, 'Old list');
  const newSavedSearch = async () =>
    (
      await store.savedSearches.create(
        {
          owner_id: employer.id,
          created_by: employer.id,
          name: unique('Watch'),
          search: {
            query: 'support',
            filters: {},
            price_min: null,
            price_max: null,
            starting_price_min: null,
            starting_price_max: null,
            sort: null,
          },
          alert: 'daily',
          last_digest_at: new Date().toISOString(),
          next_digest_at: new Date(Date.now() + DAY).toISOString(),
        },
        SAVED_SEARCHES_PER_OWNER_MAX,
      )
    ).id;
  const savedSearch = await newSavedSearch();

  const ask = async (agentId: string) => {
    const token = await employer.browser.csrfToken('/api/contact-requests');
    const sent = await employer.browser.http
      .post('/api/contact-requests')
      .set('X-CSRF-Token', token)
      .send({ agent_id: agentId, kind: 'contact', message: 'Does it speak Portuguese?' })
      .expect(201);
    return sent.body.request.id as string;
  };
  const providerRequest = await ask(ownAgentAsked);
  const adminRequest = await ask(orphanAgent);

  const bystander = (label: string) =>
    store.users.create({
      email: `${unique(label)}@bystander.example`,
      full_name: 'Bystander',
      organization: 'Elsewhere',
      user_type: 'agent_provider',
      password_hash: passwordHash,
    });
  const subscriberToSwitch = (await bystander('switched')).id;
  const newCheckout = async () => {
    const { url: checkoutUrl } = await startCheckout(services, { user: await bystander('checkout') });
    return checkoutUrl.split('/').pop()!;
  };
  const newToken = async (purpose: 'reset_password' | 'verify_email', userId: string) => {
    const token = await issueToken(store, { purpose, userId, now: services.now() });
    issuedTokens.push(token);
    return token;
  };

  const host = new URL(url).hostname;

  const browsers: Record<Caller, Browser> = {
    visitor: new Browser(url),
    provider: provider.browser,
    otherProvider: otherProvider.browser,
    employer: employer.browser,
    lapsedEmployer: lapsedEmployer.browser,
    admin,
    employerKey: new Browser(url, { Authorization: `Bearer ${employerApiKey}` }),
    lapsedKey: new Browser(url, { Authorization: `Bearer ${lapsedApiKey}` }),
  };

  return {
    context,
    store,
    browsers,
    async freshBrowser(caller) {
      if (caller === 'employerKey' || caller === 'lapsedKey') {
        const key = caller === 'employerKey' ? employerApiKey : lapsedApiKey;
        return new Browser(url, { Authorization: `Bearer ${key}` });
      }
      const browser = new Browser(url);
      if (caller !== 'visitor')
        await secondBrowser(browsers[caller], browser, { store, sessionSecret: context.sessionSecret, host });
      return browser;
    },
    apiKeys: { employer: employerApiKey, lapsed: lapsedApiKey },
    users: {
      provider: { id: provider.id, email: provider.email },
      otherProvider: { id: otherProvider.id, email: otherProvider.email },
      employer: { id: employer.id, email: employer.email },
      lapsedEmployer: { id: lapsedEmployer.id, email: lapsedEmployer.email },
    },
    ids: {
      providerSlug: (await store.users.findById(provider.id))!.slug!,
      listedAgent,
      secondAgent,
      logoHash,
      ownAgent,
      ownAgentToDelete,
      ownAgentToAsk,
      adminAgent,
      adminAgentToDelete,
      removedAgent,
      shortlist: shortlist.id,
      shortlistToDelete: shortlistToDelete.id,
      savedSearch,
      providerRequest,
      adminRequest,
      subscriberToSwitch,
      openCheckout: await newCheckout(),
      paidCheckout,
      providerDomain,
      review,
    },
    newProviderDomain,
    newReviewOfOwnAgent: async () => reviewOf(await agent(unique('Own Reviewed'), { ownerId: provider.id })),
    async newListingClaim() {
      const id = await agent(unique('Claimed'), { ownerId: otherProvider.id });
      const claim = await store.listingClaims.claim({
        agent_id: id,
        agent_name: 'Claimed',
        domain: 'claimed.example',
        from_owner_id: otherProvider.id,
        to_owner_id: provider.id,
      });
      return claim!.id;
    },
    newCheckout,
    async newShortlist() {
      return (await store.shortlists.create(employer.id, unique('Disposable list'))).id;
    },
    newSavedSearch,
    async newUnsubscribe() {
      const id = await newSavedSearch();
      return { id, token: unsubscribeToken(context.sessionSecret, id, employer.id) };
    },
    newOwnAgent: () => agent(unique('Own Asked Again'), { ownerId: provider.id }),
    async newApiKeyId(caller) {
      const owner = caller === 'lapsedEmployer' ? lapsedEmployer.id : employer.id;
      const user = (await store.users.findById(owner))!;
      return (await createApiKey({ store }, { user, name: unique('Disposable key') })).key.id;
    },
    // An account of its own per link: a reset voids the account's other links, and the reset
    // probes of the callers run side by side.
    newResetToken: async () => newToken('reset_password', (await bystander('reset')).id),
    newVerifyToken: (userId) => newToken('verify_email', userId),
    async newInvitation(caller) {
      const token = randomBytes(32).toString('base64url');
      issuedTokens.push(token);
      const invitation = await store.teams.createInvitation(
        {
          organization_id: (await teamOf(caller)).id,
          email: `${unique('invited')}@elsewhere.example`,
          invited_by: employer.id,
          token_hash: hashToken(token),
          expires_at: new Date(services.now() + DAY),
        },
        WALK_SEATS,
        new Date(services.now()),
      );
      return { id: invitation.id, token };
    },
    async newTeamMember(caller) {
      const member = await store.users.create({
        email: `${unique('member')}@acme.example`,
        full_name: 'Team Member',
        organization: 'Acme Hiring',
        user_type: 'employer',
        password_hash: passwordHash,
      });
      await store.teams.addMember({
        organizationId: (await teamOf(caller)).id,
        userId: member.id,
        seats: WALK_SEATS,
      });
      return member.id;
    },
    newHeldAgent: async () =>
      (await store.agents.create(agentInput({ name: unique('Held'), held_for: 'review' }))).id,
    unique,
    workbook: uploadWorkbook(),
    logo: solidPng(8, 8),
    issuedTokens,
  };
}
