import { type Store, TEAM_SEATS, TeamConflictError } from '../port';

// Employer teams' part of the store contract (issue 28), run by describeStoreContract against every
// adapter: one organisation per owner, one organisation per member, seats counted with the live
// invitations, single-use invitation links that expire, and shortlists that keep their authors.

const DAY = 24 * 60 * 60 * 1000;
const hash = (n: number) => n.toString(16).padStart(64, '0');

export function describeTeamContract(store: () => Store): void {
  describe('employer teams', () => {
    const invite = (
      organizationId: string,
      email: string,
      n: number,
      expiresAt = new Date(Date.now() + DAY),
    ) =>
      store().teams.createInvitation(
        {
          organization_id: organizationId,
          email,
          invited_by: 'owner-1',
          token_hash: hash(n),
          expires_at: expiresAt,
        },
        TEAM_SEATS,
      );

    it('names one organisation per owner and renames it in place', async () => {
      const first = await store().teams.saveOrganization('owner-1', 'Northwind');
      const renamed = await store().teams.saveOrganization('owner-1', 'Northwind Labs');
      expect(renamed).toMatchObject({ id: first.id, owner_id: 'owner-1', name: 'Northwind Labs' });
      expect(await store().teams.findByOwner('owner-1')).toEqual(renamed);
      expect(await store().teams.getOrganization(first.id)).toEqual(renamed);
      expect(await store().teams.getOrganization('not-an-id')).toBeNull();
      expect(await store().teams.findByOwner('owner-2')).toBeNull();
    });

    it('makes a member of one organisation at most, and removes them at once', async () => {
      const org = await store().teams.saveOrganization('owner-1', 'Northwind');
      const other = await store().teams.saveOrganization('owner-2', 'Contoso');
      const joined = await store().teams.addMember({
        organizationId: org.id,
        userId: 'member-1',
        seats: TEAM_SEATS,
      });
      expect(joined).toMatchObject({ organization_id: org.id, user_id: 'member-1' });
      expect((await store().teams.membershipOf('member-1'))?.organization).toEqual(org);
      await expect(
        store().teams.addMember({ organizationId: other.id, userId: 'member-1', seats: TEAM_SEATS }),
      ).rejects.toEqual(new TeamConflictError('member'));
      // An owner joins no other organisation.
      await expect(
        store().teams.addMember({ organizationId: org.id, userId: 'owner-2', seats: TEAM_SEATS }),
      ).rejects.toEqual(new TeamConflictError('member'));
      expect((await store().teams.listMembers(org.id)).map((m) => m.user_id)).toEqual(['member-1']);

      expect(await store().teams.removeMember(other.id, 'member-1')).toBe(false);
      expect(await store().teams.removeMember(org.id, 'member-1')).toBe(true);
      expect(await store().teams.membershipOf('member-1')).toBeNull();
      expect(await store().teams.listMembers(org.id)).toEqual([]);
    });

    it('counts members and live invitations against the seats beside the owner', async () => {
      const org = await store().teams.saveOrganization('owner-1', 'Northwind');
      for (let n = 1; n < TEAM_SEATS - 1; n++)
        await store().teams.addMember({ organizationId: org.id, userId: `member-${n}`, seats: TEAM_SEATS });
      const last = await invite(org.id, 'last@example.com', 1);
      await expect(invite(org.id, 'more@example.com', 2)).rejects.toEqual(new TeamConflictError('full'));
      await expect(
        store().teams.addMember({ organizationId: org.id, userId: 'member-x', seats: TEAM_SEATS }),
      ).rejects.toEqual(new TeamConflictError('full'));
      // Accepting uses the invitation up first, so its place is free for the one who holds it.
      expect(await store().teams.consumeInvitation(hash(1))).toEqual(last);
      await store().teams.addMember({ organizationId: org.id, userId: 'member-last', seats: TEAM_SEATS });
      expect(await store().teams.listMembers(org.id)).toHaveLength(TEAM_SEATS - 1);
    });

    it('holds one live invitation per address, found by its hash until used once or expired', async () => {
      const org = await store().teams.saveOrganization('owner-1', 'Northwind');
      const sent = await invite(org.id, 'ada@example.com', 1);
      expect(sent).toMatchObject({
        organization_id: org.id,
        email: 'ada@example.com',
        invited_by: 'owner-1',
      });
      expect(sent).not.toHaveProperty('token_hash');
      await expect(invite(org.id, 'ada@example.com', 2)).rejects.toEqual(new TeamConflictError('invited'));
      expect(await store().teams.listInvitations(org.id)).toEqual([sent]);
      expect(await store().teams.findInvitation(hash(1))).toEqual(sent);
      expect(await store().teams.findInvitation(hash(9))).toBeNull();
      expect(await store().teams.consumeInvitation(hash(1))).toEqual(sent);
      expect(await store().teams.consumeInvitation(hash(1))).toBeNull();
      expect(await store().teams.findInvitation(hash(1))).toBeNull();

      // Expired: neither listed, nor found, nor usable, and it holds no seat or address.
      const now = new Date();
      await invite(org.id, 'late@example.com', 3, new Date(now.getTime() + 1000));
      const later = new Date(now.getTime() + 2000);
      expect(await store().teams.listInvitations(org.id, later)).toEqual([]);
      expect(await store().teams.findInvitation(hash(3), later)).toBeNull();
      expect(await store().teams.consumeInvitation(hash(3), later)).toBeNull();
      await invite(org.id, 'late@example.com', 4);
    });

    it('cancels an invitation of its own organisation only', async () => {
      const org = await store().teams.saveOrganization('owner-1', 'Northwind');
      const other = await store().teams.saveOrganization('owner-2', 'Contoso');
      const sent = await invite(org.id, 'ada@example.com', 1);
      expect(await store().teams.revokeInvitation(other.id, sent.id)).toBe(false);
      expect(await store().teams.revokeInvitation(org.id, 'not-an-id')).toBe(false);
      expect(await store().teams.revokeInvitation(org.id, sent.id)).toBe(true);
      expect(await store().teams.findInvitation(hash(1))).toBeNull();
    });

    it('keeps who made a shortlist and who added each agent', async () => {
      const list = await store().shortlists.create('owner-1', 'Support bots', 'member-1');
      expect(list).toMatchObject({ user_id: 'owner-1', created_by: 'member-1', items: [] });
      await store().shortlists.addAgent(list.id, 'owner-1', 'a1', 'member-1');
      await store().shortlists.addAgent(list.id, 'owner-1', 'a2');
      // Adding it again keeps the first author.
      const filled = await store().shortlists.addAgent(list.id, 'owner-1', 'a1', 'owner-1');
      expect(filled?.agent_ids).toEqual(['a1', 'a2']);
      expect(filled?.items.map(({ agent_id, added_by }) => ({ agent_id, added_by }))).toEqual([
        { agent_id: 'a1', added_by: 'member-1' },
        { agent_id: 'a2', added_by: 'owner-1' },
      ]);
      expect(Date.parse(filled!.items[0]!.added_at!)).not.toBeNaN();
      const removed = await store().shortlists.removeAgent(list.id, 'owner-1', 'a1');
      expect(removed?.items.map((item) => item.agent_id)).toEqual(['a2']);
      expect((await store().shortlists.create('owner-1', 'Own')).created_by).toBe('owner-1');
    });
  });
}
