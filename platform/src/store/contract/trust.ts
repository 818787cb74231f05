import {
  DomainLimitError,
  DuplicateDomainError,
  type LinkCheckRecord,
  ReviewTakenError,
  type ReviewWrite,
  type Store,
} from '../port';
import { agentInput } from './fixtures';

// Trust's part of the store contract (issue 26), run by describeStoreContract against every
// adapter: domains and their checks, the trust every agent read carries, the link checker's
// records, reviews and their moderation, listings claimed by domain proof, and job leases.

const at = (iso: string) => new Date(iso);

const check = (agentId: string, overrides: Partial<LinkCheckRecord> = {}): LinkCheckRecord => ({
  agent_id: agentId,
  url: 'https://inboxpilot.example',
  state: 'up',
  state_since: '2026-11-01T00:00:00.000Z',
  outcome: 'answered',
  http_status: 200,
  final_url: null,
  detail: null,
  checked_at: '2026-11-20T00:00:00.000Z',
  failures: 0,
  first_failure_at: null,
  notified_at: null,
  retry_at: null,
  ...overrides,
});

const review = (agentId: string, overrides: Partial<ReviewWrite> = {}): ReviewWrite => ({
  agent_id: agentId,
  org_key: 'domain:acme.example',
  author_id: 'e1',
  organization: 'Acme',
  rating: 4,
  body: 'Answered our tickets well.',
  ...overrides,
});

const verify = (store: Store, id: string, now = '2026-11-20T00:00:00.000Z') =>
  store.verifications.saveCheck(id, {
    status: 'verified',
    method: 'file',
    verified_at: now,
    checked_at: now,
    next_check_at: '2026-11-21T00:00:00.000Z',
    failures: 0,
    lapsed_at: null,
  });

export function describeTrustContract(store: () => Store): void {
  describe('domain verifications', () => {
    it('adds a pending domain with its token, once per user, within a limit per user', async () => {
      const added = await store().verifications.create(
        { user_id: 'u1', domain: 'acme.example', token: 't1' },
        2,
      );
      expect(added).toMatchObject({
        user_id: 'u1',
        domain: 'acme.example',
        token: 't1',
        status: 'pending',
        method: null,
        failures: 0,
        verified_at: null,
      });
      expect(await store().verifications.get(added.id)).toEqual(added);
      await expect(
        store().verifications.create({ user_id: 'u1', domain: 'acme.example', token: 't2' }, 2),
      ).rejects.toBeInstanceOf(DuplicateDomainError);
      await store().verifications.create({ user_id: 'u2', domain: 'acme.example', token: 't3' }, 2);
      await store().verifications.create({ user_id: 'u1', domain: 'beta.example', token: 't4' }, 2);
      await expect(
        store().verifications.create({ user_id: 'u1', domain: 'gamma.example', token: 't5' }, 2),
      ).rejects.toBeInstanceOf(DomainLimitError);
      expect((await store().verifications.listForUser('u1')).map((d) => d.domain)).toEqual([
        'acme.example',
        'beta.example',
      ]);
    });

    it("saves a check's outcome and answers verified domains per user", async () => {
      const a = await store().verifications.create({ user_id: 'u1', domain: 'acme.example', token: 't' }, 5);
      await store().verifications.create({ user_id: 'u1', domain: 'pending.example', token: 't' }, 5);
      const saved = await verify(store(), a.id);
      expect(saved).toMatchObject({
        status: 'verified',
        method: 'file',
        verified_at: '2026-11-20T00:00:00.000Z',
      });
      expect(await store().verifications.verifiedFor(['u1', 'u2'])).toEqual([
        { user_id: 'u1', domain: 'acme.example' },
      ]);
      expect(await store().verifications.saveCheck('nope', saved! as never)).toBeNull();
    });

    it('lists verified domains due for a recheck, the longest due first', async () => {
      const a = await store().verifications.create({ user_id: 'u1', domain: 'a.example', token: 't' }, 5);
      const b = await store().verifications.create({ user_id: 'u2', domain: 'b.example', token: 't' }, 5);
      const c = await store().verifications.create({ user_id: 'u3', domain: 'c.example', token: 't' }, 5);
      for (const [record, next] of [
        [a, '2026-11-21T10:00:00.000Z'],
        [b, '2026-11-21T09:00:00.000Z'],
        [c, '2026-11-23T00:00:00.000Z'],
      ] as const)
        await store().verifications.saveCheck(record.id, {
          status: 'verified',
          method: 'dns',
          verified_at: '2026-11-20T00:00:00.000Z',
          checked_at: '2026-11-20T00:00:00.000Z',
          next_check_at: next,
          failures: 0,
          lapsed_at: null,
        });
      const due = await store().verifications.listDue(at('2026-11-22T00:00:00.000Z'), 10);
      expect(due.map((d) => d.domain)).toEqual(['b.example', 'a.example']);
      expect(await store().verifications.listDue(at('2026-11-22T00:00:00.000Z'), 1)).toHaveLength(1);
    });

    it("removes only the user's own domain, and lists domains for staff by status", async () => {
      const mine = await store().verifications.create({ user_id: 'u1', domain: 'a.example', token: 't' }, 5);
      expect(await store().verifications.remove(mine.id, 'u2')).toBeNull();
      const lapsed = await store().verifications.create(
        { user_id: 'u2', domain: 'b.example', token: 't' },
        5,
      );
      await store().verifications.saveCheck(lapsed.id, {
        status: 'lapsed',
        method: 'file',
        verified_at: null,
        checked_at: '2026-11-20T00:00:00.000Z',
        next_check_at: null,
        failures: 0,
        lapsed_at: '2026-11-20T00:00:00.000Z',
      });
      expect((await store().verifications.list({ status: 'lapsed' })).map((d) => d.domain)).toEqual([
        'b.example',
      ]);
      expect(await store().verifications.count({ status: 'pending' })).toBe(1);
      expect(await store().verifications.count()).toBe(2);
      expect((await store().verifications.remove(mine.id, 'u1'))?.domain).toBe('a.example');
      expect(await store().verifications.get(mine.id)).toBeNull();
    });
  });

  describe('the trust every agent read carries', () => {
    it('verifies an agent whose owner proved a domain covering its site, and no other', async () => {
      const owned = await store().agents.create(
        agentInput({ name: 'A', address: 'https://app.acme.example/x', owner_id: 'u1' }),
      );
      const elsewhere = await store().agents.create(
        agentInput({ name: 'B', address: 'https://other.example', owner_id: 'u1' }),
      );
      const squatted = await store().agents.create(
        agentInput({ name: 'C', address: 'https://acme.example', owner_id: 'u2' }),
      );
      expect((await store().agents.get(owned.id))?.verified_domain).toBeNull();
      const domain = await store().verifications.create(
        { user_id: 'u1', domain: 'acme.example', token: 't' },
        5,
      );
      await verify(store(), domain.id);
      expect(await store().agents.get(owned.id)).toMatchObject({
        verified_domain: 'acme.example',
        site_state: 'unchecked',
        rating_count: 0,
        rating_average: null,
      });
      const byId = new Map(
        (await store().agents.getMany([owned.id, elsewhere.id, squatted.id])).map((a) => [a.id, a]),
      );
      expect(byId.get(elsewhere.id)?.verified_domain).toBeNull();
      expect(byId.get(squatted.id)?.verified_domain).toBeNull();
      // An address that moves off the domain loses the badge at once.
      const moved = await store().agents.update(owned.id, { address: 'https://elsewhere.example' });
      expect(moved?.verified_domain).toBeNull();
    });

    it("carries the link checker's state and the readable reviews' count and average, in every read", async () => {
      const agent = await store().agents.create(agentInput({ owner_id: 'u1' }));
      await store().linkChecks.saveMany([
        check(agent.id, { state: 'down', state_since: '2026-11-02T00:00:00.000Z' }),
      ]);
      await store().reviews.write(review(agent.id, { rating: 5 }));
      await store().reviews.write(
        review(agent.id, { org_key: 'domain:b.example', author_id: 'e2', rating: 4 }),
      );
      const { review: hidden } = await store().reviews.write(
        review(agent.id, { org_key: 'domain:c.example', author_id: 'e3', rating: 1 }),
      );
      await store().reviews.moderate(hidden.id, {
        hidden: true,
        reason: 'abuse',
        at: '2026-11-20T00:00:00.000Z',
      });
      const expected = {
        site_state: 'down',
        site_since: '2026-11-02T00:00:00.000Z',
        rating_count: 2,
        rating_average: 4.5,
      };
      expect(await store().agents.get(agent.id)).toMatchObject(expected);
      expect((await store().agents.list())[0]).toMatchObject(expected);
      const scanned = [];
      for await (const batch of store().agents.scan(10)) scanned.push(...batch);
      expect(scanned[0]).toMatchObject(expected);
    });

    it('touches agents: updated_at moves and each gets a change-log entry for the index', async () => {
      const agent = await store().agents.create(agentInput());
      const removed = await store().agents.create(agentInput({ name: 'Gone' }));
      await store().agents.update(removed.id, { removed: true });
      const start = await store().changes.head();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await store().agents.touch([agent.id, removed.id, 'not-an-id', '999999'])).toBe(2);
      expect((await store().agents.get(agent.id))!.updated_at > agent.updated_at).toBe(true);
      const changes = await store().changes.since(start, 10);
      expect(changes.map((change) => [change.agent_id, change.op]).sort()).toEqual(
        [
          [agent.id, 'upsert'],
          [removed.id, 'delete'],
        ].sort(),
      );
      expect(await store().agents.touch([])).toBe(0);
    });
  });

  describe('link checks', () => {
    it('saves a record per agent, replacing it whole, and reads one or many', async () => {
      await store().linkChecks.saveMany([check('1'), check('2', { retry_at: '2026-11-20T01:00:00.000Z' })]);
      await store().linkChecks.saveMany([check('2', { state: 'down', failures: 2, retry_at: null })]);
      expect(await store().linkChecks.get('1')).toEqual(check('1'));
      expect(await store().linkChecks.get('2')).toEqual(check('2', { state: 'down', failures: 2 }));
      expect((await store().linkChecks.getMany(['1', '2', '3'])).map((r) => r.agent_id).sort()).toEqual([
        '1',
        '2',
      ]);
      expect(await store().linkChecks.get('3')).toBeNull();
    });

    it('lists due retries, the longest due first', async () => {
      await store().linkChecks.saveMany([
        check('1', { retry_at: '2026-11-20T02:00:00.000Z' }),
        check('2', { retry_at: '2026-11-20T01:00:00.000Z' }),
        check('3', { retry_at: '2026-11-20T05:00:00.000Z' }),
        check('4'),
      ]);
      const due = await store().linkChecks.listRetries(at('2026-11-20T03:00:00.000Z'), 10);
      expect(due.map((r) => r.agent_id)).toEqual(['2', '1']);
    });

    it('lists the records of one state, the longest in it first, and those down since a date', async () => {
      await store().linkChecks.saveMany([
        check('1', { state: 'down', state_since: '2026-11-10T00:00:00.000Z' }),
        check('2', { state: 'down', state_since: '2026-10-01T00:00:00.000Z' }),
        check('3', { state: 'up' }),
      ]);
      expect((await store().linkChecks.list({ state: 'down' })).map((r) => r.agent_id)).toEqual(['2', '1']);
      expect(await store().linkChecks.count({ state: 'down' })).toBe(2);
      const long = await store().linkChecks.list({
        state: 'down',
        downSince: at('2026-10-15T00:00:00.000Z'),
      });
      expect(long.map((r) => r.agent_id)).toEqual(['2']);
      expect(
        await store().linkChecks.count({ state: 'down', downSince: at('2026-10-15T00:00:00.000Z') }),
      ).toBe(1);
      expect(await store().linkChecks.list({ state: 'down', limit: 1, offset: 1 })).toHaveLength(1);
    });
  });

  describe('reviews', () => {
    it('keeps one review per organisation per agent: its author changes it, a colleague cannot', async () => {
      const first = await store().reviews.write(review('a1'));
      expect(first.created).toBe(true);
      expect(first.review).toMatchObject({
        agent_id: 'a1',
        rating: 4,
        hidden: false,
        reply: null,
        open_reports: 0,
        organization: 'Acme',
      });
      const changed = await store().reviews.write(review('a1', { rating: 2, body: 'Worse this month.' }));
      expect(changed).toMatchObject({ created: false, review: { id: first.review.id, rating: 2 } });
      await expect(store().reviews.write(review('a1', { author_id: 'e2' }))).rejects.toBeInstanceOf(
        ReviewTakenError,
      );
      expect((await store().reviews.write(review('a2', { author_id: 'e2' }))).created).toBe(true);
      expect(await store().reviews.findByOrganisation('a1', 'domain:acme.example')).toMatchObject({
        rating: 2,
      });
      expect(await store().reviews.findByOrganisation('a1', 'domain:none.example')).toBeNull();
    });

    it("lists an agent's readable reviews newest first, counts them and sums their ratings", async () => {
      const one = await store().reviews.write(review('a1', { rating: 5 }));
      const two = await store().reviews.write(
        review('a1', { org_key: 'user:9', author_id: 'e9', rating: 2 }),
      );
      await store().reviews.write(review('a2', { rating: 3 }));
      expect((await store().reviews.listForAgent('a1')).map((r) => r.id)).toEqual([
        two.review.id,
        one.review.id,
      ]);
      expect(await store().reviews.listForAgent('a1', { limit: 1, offset: 1 })).toHaveLength(1);
      expect(await store().reviews.countForAgent('a1')).toBe(2);
      const sums = await store().reviews.summaries(['a1', 'a2', 'a3']);
      expect(sums.sort((x, y) => x.agent_id.localeCompare(y.agent_id))).toEqual([
        { agent_id: 'a1', count: 2, sum: 7 },
        { agent_id: 'a2', count: 1, sum: 3 },
      ]);
    });

    it('lists the best-rated agents with enough readable reviews, best average first', async () => {
      const rate = (agent: string, org: number, rating: number) =>
        store().reviews.write(review(agent, { org_key: `user:${org}`, author_id: `e${org}`, rating }));
      await rate('a1', 1, 5);
      await rate('a1', 2, 4); // 4.5 from 2
      await rate('a2', 1, 5);
      await rate('a2', 2, 5);
      await rate('a2', 3, 3); // 4.33 from 3
      await rate('a3', 1, 5); // 5 from 1: too few
      await rate('a4', 1, 5);
      const hidden = await rate('a4', 2, 1);
      await rate('a4', 3, 4); // 4.5 from 2 once the 1 is hidden, as a1: a1 first by id
      await rate('a5', 1, 5);
      await rate('a5', 2, 4);
      await rate('a5', 3, 5); // 4.67 from 3
      await store().reviews.moderate(hidden.review.id, {
        hidden: true,
        reason: 'spam',
        at: '2026-11-20T00:00:00.000Z',
      });
      expect(await store().reviews.topRated(2, 10)).toEqual([
        { agent_id: 'a5', count: 3, sum: 14 },
        { agent_id: 'a1', count: 2, sum: 9 },
        { agent_id: 'a4', count: 2, sum: 9 },
        { agent_id: 'a2', count: 3, sum: 13 },
      ]);
      expect((await store().reviews.topRated(3, 1)).map((row) => row.agent_id)).toEqual(['a5']);
    });

    it('takes the provider’s answer once', async () => {
      const { review: written } = await store().reviews.write(review('a1'));
      const answered = await store().reviews.reply(written.id, {
        body: 'Thank you!',
        at: '2026-11-20T00:00:00.000Z',
      });
      expect(answered?.reply).toEqual({ body: 'Thank you!', at: '2026-11-20T00:00:00.000Z' });
      expect(
        await store().reviews.reply(written.id, { body: 'Again', at: '2026-11-21T00:00:00.000Z' }),
      ).toBeNull();
      expect((await store().reviews.get(written.id))?.reply?.body).toBe('Thank you!');
      expect(await store().reviews.reply('nope', { body: 'x', at: '2026-11-21T00:00:00.000Z' })).toBeNull();
    });

    it('counts reports, queues reported reviews oldest report first, and settles them when staff decide', async () => {
      const { review: a } = await store().reviews.write(review('a1'));
      const { review: b } = await store().reviews.write(review('a2'));
      await store().reviews.report(b.id, { reason: 'spam', at: '2026-11-20T01:00:00.000Z' });
      await store().reviews.report(a.id, { reason: 'rude', at: '2026-11-20T02:00:00.000Z' });
      const twice = await store().reviews.report(a.id, {
        reason: 'still rude',
        at: '2026-11-20T03:00:00.000Z',
      });
      expect(twice).toMatchObject({ open_reports: 2, last_reported_at: '2026-11-20T03:00:00.000Z' });
      expect(
        await store().reviews.report('nope', { reason: 'x', at: '2026-11-20T03:00:00.000Z' }),
      ).toBeNull();
      expect((await store().reviews.listQueue('reported')).map((r) => r.id)).toEqual([b.id, a.id]);
      expect(await store().reviews.countQueue('reported')).toBe(2);
      expect((await store().reviews.reportsOf(a.id, 10)).map((r) => r.reason)).toEqual([
        'still rude',
        'rude',
      ]);

      const hidden = await store().reviews.moderate(a.id, {
        hidden: true,
        reason: 'insults',
        at: '2026-11-21T00:00:00.000Z',
      });
      expect(hidden).toMatchObject({ hidden: true, moderation_reason: 'insults', open_reports: 0 });
      expect(
        (await store().reviews.reportsOf(a.id, 10)).every(
          (r) => r.resolved_at === '2026-11-21T00:00:00.000Z',
        ),
      ).toBe(true);
      expect((await store().reviews.listQueue('reported')).map((r) => r.id)).toEqual([b.id]);
      expect((await store().reviews.listQueue('hidden')).map((r) => r.id)).toEqual([a.id]);
      expect(await store().reviews.listForAgent('a1')).toEqual([]);

      const restored = await store().reviews.moderate(a.id, {
        hidden: false,
        reason: 'fair criticism',
        at: '2026-11-22T00:00:00.000Z',
      });
      expect(restored).toMatchObject({ hidden: false, moderation_reason: 'fair criticism' });
      expect(await store().reviews.countQueue('hidden')).toBe(0);
      expect(await store().reviews.listForAgent('a1')).toHaveLength(1);
    });
  });

  describe('listings claimed by domain proof', () => {
    it('hands an unowned listing over, with its change-log entry, and only once', async () => {
      const agent = await store().agents.create(agentInput());
      const start = await store().changes.head();
      const claim = await store().listingClaims.claim({
        agent_id: agent.id,
        agent_name: agent.name,
        domain: 'inboxpilot.example',
        from_owner_id: null,
        to_owner_id: 'u1',
      });
      expect(claim).toMatchObject({
        agent_id: agent.id,
        from_owner_id: null,
        to_owner_id: 'u1',
        reversed_at: null,
      });
      expect((await store().agents.get(agent.id))?.owner_id).toBe('u1');
      expect((await store().changes.since(start, 10)).map((change) => change.agent_id)).toEqual([agent.id]);
      // Decided on a stale owner: refused, nothing recorded.
      expect(
        await store().listingClaims.claim({
          agent_id: agent.id,
          agent_name: agent.name,
          domain: 'inboxpilot.example',
          from_owner_id: null,
          to_owner_id: 'u2',
        }),
      ).toBeNull();
      expect(await store().listingClaims.count()).toBe(1);
    });

    it("takes a squatter's listing and gives it back when staff reverse the claim, once", async () => {
      const agent = await store().agents.create(agentInput({ owner_id: 'squatter' }));
      const claim = await store().listingClaims.claim({
        agent_id: agent.id,
        agent_name: agent.name,
        domain: 'inboxpilot.example',
        from_owner_id: 'squatter',
        to_owner_id: 'maker',
      });
      expect((await store().agents.get(agent.id))?.owner_id).toBe('maker');
      const reversed = await store().listingClaims.reverse(claim!.id, {
        by: 'staff',
        reason: 'the domain was sold',
        at: '2026-11-21T00:00:00.000Z',
      });
      expect(reversed).toMatchObject({ reversed_by: 'staff', reverse_reason: 'the domain was sold' });
      expect((await store().agents.get(agent.id))?.owner_id).toBe('squatter');
      expect(
        await store().listingClaims.reverse(claim!.id, {
          by: 'staff',
          reason: 'again',
          at: '2026-11-22T00:00:00.000Z',
        }),
      ).toBeNull();
      expect((await store().listingClaims.list()).map((c) => c.id)).toEqual([claim!.id]);
      expect(await store().listingClaims.get(claim!.id)).toEqual(reversed);
    });

    it('does not reverse a claim once the listing has moved on', async () => {
      const agent = await store().agents.create(agentInput());
      const claim = await store().listingClaims.claim({
        agent_id: agent.id,
        agent_name: agent.name,
        domain: 'inboxpilot.example',
        from_owner_id: null,
        to_owner_id: 'maker',
      });
      await store().agents.update(agent.id, { owner_id: 'someone-else' });
      expect(
        await store().listingClaims.reverse(claim!.id, {
          by: 'staff',
          reason: 'x',
          at: '2026-11-21T00:00:00.000Z',
        }),
      ).toBeNull();
      expect((await store().listingClaims.get(claim!.id))?.reversed_at).toBeNull();
      expect((await store().agents.get(agent.id))?.owner_id).toBe('someone-else');
    });
  });

  describe('leases', () => {
    it('gives a lease to one holder at a time, renews it for that holder, and frees it when it expires or is let go', async () => {
      const t0 = at('2026-11-20T00:00:00.000Z');
      const later = (ms: number) => new Date(t0.getTime() + ms);
      expect(await store().leases.acquire('link-check', 'a', 60_000, t0)).toBe(true);
      expect(await store().leases.acquire('link-check', 'b', 60_000, later(1000))).toBe(false);
      expect(await store().leases.acquire('link-check', 'a', 60_000, later(30_000))).toBe(true);
      expect(await store().leases.acquire('link-check', 'b', 60_000, later(60_000))).toBe(false);
      expect(await store().leases.acquire('link-check', 'b', 60_000, later(90_000))).toBe(true);
      expect(await store().leases.acquire('other', 'a', 60_000, later(90_000))).toBe(true);
      await store().leases.release('link-check', 'a');
      expect(await store().leases.acquire('link-check', 'a', 60_000, later(91_000))).toBe(false);
      await store().leases.release('link-check', 'b');
      expect(await store().leases.acquire('link-check', 'a', 60_000, later(92_000))).toBe(true);
    });
  });
}
