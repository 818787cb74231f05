import type { Store } from '../port';
import { agentInput } from './fixtures';
import { check, review, verify } from './trust-fixtures';

// The trust every agent read carries (issue 26): a proved domain, the link checker's state, the readable
// reviews; and agents touched so the index reads them again.

export function describeAgentTrustContract(store: () => Store): void {
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

    it('scans without the trust signals when asked (the sitemap reads ids and dates only)', async () => {
      const agent = await store().agents.create(agentInput({ owner_id: 'u1' }));
      await store().reviews.write(review(agent.id, { rating: 5 }));
      const plain = [];
      for await (const batch of store().agents.scan(10, undefined, { trust: false })) plain.push(...batch);
      expect(plain.map((a) => [a.id, a.updated_at])).toEqual([[agent.id, agent.updated_at]]);
      expect(plain[0]).not.toHaveProperty('rating_count');
      const trusted = [];
      for await (const batch of store().agents.scan(10, undefined, { trust: true })) trusted.push(...batch);
      expect(trusted[0]).toMatchObject({ rating_count: 1 });
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
}
