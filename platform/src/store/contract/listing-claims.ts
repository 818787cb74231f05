import type { Store } from '../port';
import { agentInput } from './fixtures';

// Listings claimed by domain proof (issue 26): handed over once, reversed by staff while unchanged.

export function describeListingClaimsContract(store: () => Store): void {
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
}
