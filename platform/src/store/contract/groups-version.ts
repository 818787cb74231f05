import type { Store } from '../port';
import { agentInput } from './fixtures';

// The listing's groups version (AgentRepository.groupsVersion), run by describeStoreContract
// against every adapter: it moves with every write that can change categories(), roles(),
// countBy() or count() by category and role, and stays put on every other write, so the caches
// keyed on it are never stale and are not thrown away by edits that cannot change them.

export function describeGroupsVersionContract(store: () => Store): void {
  describe("the listing's groups version", () => {
    /** Runs `write` and answers whether the version moved. */
    const moves = async (write: () => Promise<unknown>) => {
      const before = await store().agents.groupsVersion();
      await write();
      const after = await store().agents.groupsVersion();
      expect(Number.isInteger(after)).toBe(true);
      return after !== before;
    };

    it('moves when an agent is listed, unlisted, listed again, or changes category or role', async () => {
      const agents = () => store().agents;
      let id = '';
      expect(
        await moves(async () => {
          id = (await agents().create(agentInput())).id;
        }),
      ).toBe(true);
      expect(await moves(() => agents().update(id, { category: 'Finance' }))).toBe(true);
      expect(await moves(() => agents().update(id, { role: 'Bookkeeper' }))).toBe(true);
      // A change of case alone is a change: the groups compare exactly.
      expect(await moves(() => agents().update(id, { role: 'bookkeeper' }))).toBe(true);
      expect(await moves(() => agents().update(id, { removed: true }))).toBe(true);
      expect(await moves(() => agents().update(id, { removed: false }))).toBe(true);
      expect(
        await moves(() => agents().importMany([agentInput({ name: 'Ledger Bot', provider: 'Acme' })])),
      ).toBe(true);
    });

    it('stays put on writes that leave every category, role and count as it was', async () => {
      const agents = () => store().agents;
      const listed = await agents().create(agentInput());
      expect(await moves(() => agents().update(listed.id, { description: 'Answers in French too.' }))).toBe(
        false,
      );
      expect(await moves(() => agents().update(listed.id, { category: listed.category }))).toBe(false);
      expect(await moves(() => agents().touch([listed.id]))).toBe(false);
      // A listing held for its claim is not listed: neither holding nor discarding it moves anything.
      let held = '';
      expect(
        await moves(async () => {
          held = (
            await agents().create(
              agentInput({ name: 'Held Bot', email: 'held@example.com', held_for: 'claim' }),
            )
          ).id;
        }),
      ).toBe(false);
      expect(await moves(() => agents().update(held, { category: 'Finance' }))).toBe(false);
      expect(await moves(() => agents().discardHeld(held, 'claim'))).toBe(false);
      // Importing only what is there adds nothing; a provider's merge changes no group.
      expect(await moves(() => agents().importMany([agentInput()]))).toBe(false);
      expect(
        await moves(() => agents().moveProvider({ from: 'Northwind Labs', into: 'Northwind', limit: 10 })),
      ).toBe(false);
    });

    it('moves when a claim lists a held agent, and not when the agent was listed already', async () => {
      const agents = () => store().agents;
      const held = await agents().create(
        agentInput({ name: 'Held Bot', email: 'owner@example.com', held_for: 'claim' }),
      );
      const listed = await agents().create(agentInput({ email: 'owner@example.com' }));
      expect(
        await moves(async () =>
          expect(
            await agents().claimListed({ agentIds: [listed.id], email: 'owner@example.com', ownerId: 'u1' }),
          ).toEqual([listed.id]),
        ),
      ).toBe(false);
      expect(
        await moves(async () =>
          expect(
            await agents().claimListed({ agentIds: [held.id], email: 'owner@example.com', ownerId: 'u1' }),
          ).toEqual([held.id]),
        ),
      ).toBe(true);
      expect(await agents().categories()).toEqual(['Customer Service']);
    });
  });
}
