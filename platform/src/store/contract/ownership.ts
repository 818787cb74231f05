import { CLAIM_AGENTS_MAX, LIVE_TOKENS_MAX, type Store } from '../port';
import { agentInput } from './fixtures';

// Ownership's part of the store contract (issue 21), run by describeStoreContract against every
// adapter: agents held (not listed) for staff review or for a claim, links that record the agents
// they hand over, and a claim that gives exactly those agents and nothing else.

const inAnHour = () => new Date(Date.now() + 3_600_000);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeOwnershipContract(store: () => Store): void {
  describe('held agents', () => {
    it('creates a held agent removed, so that no public read lists it, and finds it by its hold', async () => {
      const held = await store().agents.create(agentInput({ name: 'Held', held_for: 'review' }));
      await store().agents.create(agentInput({ name: 'Claim', email: 'ada@example.com', held_for: 'claim' }));
      await store().agents.create(agentInput({ name: 'Listed' }));
      expect(held).toMatchObject({ removed: true, held_for: 'review', owner_id: null });
      expect((await store().agents.list()).map((agent) => agent.name)).toEqual(['Listed']);
      expect(await store().agents.count()).toBe(1);
      expect(await store().agents.categories()).toEqual(['Customer Service']);
      expect(await store().agents.searchBasic('Held', 10)).toEqual([]);
      const scanned = [];
      for await (const batch of store().agents.scan(10)) scanned.push(...batch.map((agent) => agent.name));
      expect(scanned).toEqual(['Listed']);
      expect((await store().agents.list({ heldFor: 'review' })).map((agent) => agent.name)).toEqual(['Held']);
      expect(await store().agents.count({ heldFor: 'claim' })).toBe(1);
      expect(await store().agents.count({ heldFor: 'claim', email: 'ADA@example.com', unowned: true })).toBe(
        1,
      );
      // A held agent keeps its name: a second registration of it is a duplicate.
      await expect(store().agents.create(agentInput({ name: 'held' }))).rejects.toThrow('already listed');
    });

    it('records a held agent in the change log as a delete, so that the index never holds it', async () => {
      const start = await store().changes.head();
      const held = await store().agents.create(agentInput({ held_for: 'review' }));
      expect((await store().changes.since(start, 10)).map((change) => [change.agent_id, change.op])).toEqual([
        [held.id, 'delete'],
      ]);
    });

    it('lists an agent that staff restore and holds it for nothing any more', async () => {
      const held = await store().agents.create(agentInput({ held_for: 'review' }));
      const approved = await store().agents.update(held.id, { removed: false });
      expect(approved).toMatchObject({ removed: false, held_for: null });
      // A held agent stays removed whatever else changes.
      const other = await store().agents.create(agentInput({ name: 'Other', held_for: 'claim' }));
      expect(await store().agents.update(other.id, { status: 'checked' })).toMatchObject({
        removed: true,
        held_for: 'claim',
      });
    });

    it('discards a held, unowned agent for good (its name is free again), and nothing else', async () => {
      const held = await store().agents.create(agentInput({ held_for: 'review' }));
      const listed = await store().agents.create(agentInput({ name: 'Listed' }));
      const claim = await store().agents.create(agentInput({ name: 'Claim', held_for: 'claim' }));
      const start = await store().changes.head();

      expect(await store().agents.discardHeld(listed.id, 'review')).toBeNull();
      expect(await store().agents.discardHeld(claim.id, 'review')).toBeNull();
      expect(await store().agents.discardHeld('not-an-id', 'review')).toBeNull();
      const discarded = await store().agents.discardHeld(held.id, 'review');
      expect(discarded).toMatchObject({ id: held.id, name: 'InboxPilot', held_for: 'review' });
      expect(await store().agents.get(held.id)).toBeNull();
      expect(await store().agents.discardHeld(held.id, 'review')).toBeNull();
      expect((await store().changes.since(start, 10)).map((change) => [change.agent_id, change.op])).toEqual([
        [held.id, 'delete'],
      ]);
      await expect(store().agents.create(agentInput())).resolves.toMatchObject({ name: 'InboxPilot' });
    });

    it('discards claims nobody took before a moment, oldest first, at most as many as asked', async () => {
      const first = await store().agents.create(agentInput({ name: 'A', held_for: 'claim' }));
      await pause(5);
      const second = await store().agents.create(agentInput({ name: 'B', held_for: 'claim' }));
      const review = await store().agents.create(agentInput({ name: 'C', held_for: 'review' }));
      await pause(5);
      const cut = new Date();
      await pause(5);
      const young = await store().agents.create(agentInput({ name: 'D', held_for: 'claim' }));

      expect(await store().agents.discardLapsedClaims(cut, 1)).toBe(1);
      expect(await store().agents.get(first.id)).toBeNull();
      expect(await store().agents.get(second.id)).not.toBeNull();
      expect(await store().agents.discardLapsedClaims(cut, 10)).toBe(1);
      expect(await store().agents.get(second.id)).toBeNull();
      expect(await store().agents.get(review.id)).not.toBeNull();
      expect(await store().agents.get(young.id)).not.toBeNull();
      expect(await store().agents.discardLapsedClaims(cut, 10)).toBe(0);
    });
  });

  describe('agents by identity', () => {
    it('finds the agent of a name and provider as the identity compares them, held and removed ones too', async () => {
      const held = await store().agents.create(agentInput({ name: 'Q&amp;A Desk', held_for: 'review' }));
      const removed = await store().agents.create(agentInput({ name: 'Other' }));
      await store().agents.update(removed.id, { removed: true });
      expect((await store().agents.findByIdentity('  q&a   DESK ', 'northwind labs'))?.id).toBe(held.id);
      expect((await store().agents.findByIdentity('Other', 'Northwind Labs'))?.id).toBe(removed.id);
      expect(await store().agents.findByIdentity('Other', 'Another Lab')).toBeNull();
    });
  });

  describe('claims by link', () => {
    it('gives exactly the named agents that are unowned, of the address, and listed or held for a claim', async () => {
      const held = await store().agents.create(
        agentInput({ name: 'A', email: 'Ada@Example.com', held_for: 'claim' }),
      );
      const listed = await store().agents.create(agentInput({ name: 'B', email: 'ada@example.com' }));
      const notNamed = await store().agents.create(agentInput({ name: 'C', email: 'ada@example.com' }));
      const deleted = await store().agents.create(agentInput({ name: 'D', email: 'ada@example.com' }));
      await store().agents.update(deleted.id, { removed: true });
      const review = await store().agents.create(
        agentInput({ name: 'E', email: 'ada@example.com', held_for: 'review' }),
      );
      const owned = await store().agents.create(
        agentInput({ name: 'F', email: 'ada@example.com', owner_id: 'someone-else' }),
      );
      const elsewhere = await store().agents.create(agentInput({ name: 'G', email: 'grace@example.com' }));
      await pause(5);
      const start = await store().changes.head();

      const named = [held, listed, deleted, review, owned, elsewhere].map((agent) => agent.id);
      const claimed = await store().agents.claimListed({
        agentIds: [...named, 'not-an-id'],
        email: ' ADA@example.com ',
        ownerId: 'u1',
      });
      expect([...claimed].sort()).toEqual([held.id, listed.id].sort());

      const taken = (await store().agents.get(held.id))!;
      expect(taken).toMatchObject({ owner_id: 'u1', removed: false, held_for: null });
      expect(taken.updated_at > held.updated_at).toBe(true);
      expect(await store().agents.get(listed.id)).toMatchObject({ owner_id: 'u1', removed: false });
      expect((await store().agents.get(notNamed.id))!.owner_id).toBeNull();
      expect(await store().agents.get(deleted.id)).toMatchObject({ owner_id: null, removed: true });
      expect(await store().agents.get(review.id)).toMatchObject({ owner_id: null, held_for: 'review' });
      expect((await store().agents.get(owned.id))!.owner_id).toBe('someone-else');
      expect((await store().agents.get(elsewhere.id))!.owner_id).toBeNull();
      const changes = await store().changes.since(start, 100);
      expect(changes.map((change) => [change.agent_id, change.op]).sort()).toEqual(
        [
          [held.id, 'upsert'],
          [listed.id, 'upsert'],
        ].sort(),
      );

      // Claimed once: a second link for the same agents hands over nothing.
      expect(
        await store().agents.claimListed({ agentIds: named, email: 'ada@example.com', ownerId: 'u2' }),
      ).toEqual([]);
      expect(
        await store().agents.claimListed({ agentIds: [], email: 'ada@example.com', ownerId: 'u2' }),
      ).toEqual([]);
    });

    it(`claims at most ${CLAIM_AGENTS_MAX} agents in one call`, async () => {
      const ids = [];
      for (let i = 0; i < CLAIM_AGENTS_MAX + 2; i++)
        ids.push(
          (await store().agents.create(agentInput({ name: `Agent ${i}`, email: 'ada@example.com' }))).id,
        );
      const claimed = await store().agents.claimListed({
        agentIds: ids,
        email: 'ada@example.com',
        ownerId: 'u1',
      });
      expect(claimed).toHaveLength(CLAIM_AGENTS_MAX);
    });
  });

  describe('links that record their agents', () => {
    it('gives a token back with its agents and address; [] when it was issued without agents', async () => {
      await store().tokens.issue({
        token_hash: 'claim',
        purpose: 'claim_agent',
        user_id: '',
        data: 'ada@example.com',
        agent_ids: ['7', '9'],
        expires_at: inAnHour(),
      });
      await store().tokens.issue({
        token_hash: 'plain',
        purpose: 'verify_email',
        user_id: 'u1',
        expires_at: inAnHour(),
      });
      expect(await store().tokens.consume('claim', 'verify_email')).toBeNull();
      expect(await store().tokens.consume('claim', 'claim_agent')).toMatchObject({
        purpose: 'claim_agent',
        user_id: '',
        data: 'ada@example.com',
        agent_ids: ['7', '9'],
      });
      expect(await store().tokens.consume('plain', 'verify_email')).toMatchObject({ agent_ids: [] });
    });

    it("lists a user's unexpired tokens of one purpose, newest first, with their agents", async () => {
      const now = Date.now();
      await store().tokens.issue({
        token_hash: 'old',
        purpose: 'verify_email',
        user_id: 'u1',
        agent_ids: ['1'],
        expires_at: new Date(now + 60_000),
      });
      await pause(5);
      await store().tokens.issue({
        token_hash: 'new',
        purpose: 'verify_email',
        user_id: 'u1',
        agent_ids: ['2'],
        expires_at: new Date(now + 120_000),
      });
      await store().tokens.issue({
        token_hash: 'expired',
        purpose: 'verify_email',
        user_id: 'u1',
        expires_at: new Date(now + 1_000),
      });
      await store().tokens.issue({
        token_hash: 'other',
        purpose: 'reset_password',
        user_id: 'u1',
        expires_at: inAnHour(),
      });
      await store().tokens.issue({
        token_hash: 'theirs',
        purpose: 'verify_email',
        user_id: 'u2',
        expires_at: inAnHour(),
      });

      const live = await store().tokens.listLive('u1', 'verify_email', new Date(now + 2_000));
      expect(live.map((token) => [token.token_hash, token.agent_ids])).toEqual([
        ['new', ['2']],
        ['old', ['1']],
      ]);
      // Listing uses nothing up.
      expect(await store().tokens.consume('old', 'verify_email', new Date(now + 2_000))).not.toBeNull();
    });

    it(`lists at most ${LIVE_TOKENS_MAX} tokens`, async () => {
      for (let i = 0; i < LIVE_TOKENS_MAX + 3; i++)
        await store().tokens.issue({
          token_hash: `t${i}`,
          purpose: 'verify_email',
          user_id: 'u1',
          expires_at: inAnHour(),
        });
      expect(await store().tokens.listLive('u1', 'verify_email')).toHaveLength(LIVE_TOKENS_MAX);
    });
  });

  describe('ownership reports', () => {
    it('keeps a "this is my product" report in the admin inbox, beside the requests', async () => {
      const report = await store().contacts.create({
        agent_id: 'a1',
        agent_name: 'InboxPilot',
        employer_id: '',
        provider_id: null,
        kind: 'ownership',
        message: 'We make InboxPilot; this listing is not ours.',
        preferred_times: null,
        company: 'Northwind Labs',
        contact_name: 'Ada Lovelace',
        contact_email: 'ada@northwind.example',
        contact_phone: null,
      });
      expect(report).toMatchObject({ kind: 'ownership', status: 'new', provider_id: null });
      expect((await store().contacts.list({ admin: true })).map((request) => request.kind)).toEqual([
        'ownership',
      ]);
      expect(await store().contacts.count({ admin: true }, { status: 'new' })).toBe(1);
    });
  });
}
