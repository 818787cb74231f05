import { AUDIT_LIST_MAX, DuplicateAdminError, type Store, USER_LIST_MAX } from '../port';
import { agentInput } from './fixtures';

// The admin area's part of the store contract (admins, audit log, bounded user lists, the
// dashboard's counts), run by describeStoreContract against every adapter.

const provider = (index: number) => ({
  email: `person${index}@example.com`,
  full_name: `Person ${index}`,
  organization: 'Acme',
  user_type: 'agent_provider' as const,
  password_hash: 'hash',
});

export function describeAdminAreaContract(store: () => Store): void {
  describe('admins', () => {
    it('creates an admin with a lower-cased unique username and finds it with its hash', async () => {
      const admin = await store().admins.create({ username: '  Root ', password_hash: 'h1' });
      expect(admin).toMatchObject({ username: 'root' });
      expect(typeof admin.id).toBe('string');
      expect(await store().admins.findByUsernameWithSecret('ROOT')).toMatchObject({
        id: admin.id,
        password_hash: 'h1',
      });
      expect(await store().admins.findById(admin.id)).toEqual(admin);
      expect(await store().admins.findById('not-an-id')).toBeNull();
      await expect(store().admins.create({ username: 'root', password_hash: 'h2' })).rejects.toBeInstanceOf(
        DuplicateAdminError,
      );
      expect(await store().admins.count()).toBe(1);
    });

    it('changes an admin password hash', async () => {
      const admin = await store().admins.create({ username: 'staff', password_hash: 'old' });
      await store().admins.setPasswordHash(admin.id, 'new');
      expect((await store().admins.findByUsernameWithSecret('staff'))?.password_hash).toBe('new');
    });

    it('starts an admin without a second factor', async () => {
      const admin = await store().admins.create({ username: 'staff', password_hash: 'h' });
      expect(admin.totp_enabled).toBe(false);
      expect(await store().admins.findByIdWithSecret(admin.id)).toEqual({
        ...admin,
        password_hash: 'h',
        totp_secret: null,
        totp_last_step: null,
        recovery_codes_left: 0,
      });
      expect(await store().admins.findByIdWithSecret('not-an-id')).toBeNull();
    });

    it('enrols a second factor, shows it enabled but its secret only with the secrets, and turns it off', async () => {
      const admin = await store().admins.create({ username: 'staff', password_hash: 'h' });
      expect(
        await store().admins.setTotp(admin.id, { secret: 'sealed-1', recovery_code_hashes: ['a', 'b'] }),
      ).toBe(true);
      expect(await store().admins.findById(admin.id)).toEqual({ ...admin, totp_enabled: true });
      expect(await store().admins.findByUsernameWithSecret('staff')).toMatchObject({
        totp_enabled: true,
        totp_secret: 'sealed-1',
        totp_last_step: null,
        recovery_codes_left: 2,
      });
      expect(await store().admins.setTotp(admin.id, null)).toBe(true);
      expect(await store().admins.findByIdWithSecret(admin.id)).toMatchObject({
        totp_enabled: false,
        totp_secret: null,
        recovery_codes_left: 0,
      });
      expect(await store().admins.setTotp('not-an-id', null)).toBe(false);
    });

    it('accepts each TOTP time step once and never an earlier one, also when two requests race', async () => {
      const admin = await store().admins.create({ username: 'staff', password_hash: 'h' });
      await store().admins.setTotp(admin.id, { secret: 'sealed', recovery_code_hashes: [] });
      expect(await store().admins.useTotpStep(admin.id, 1000)).toBe(true);
      expect(await store().admins.useTotpStep(admin.id, 1000)).toBe(false);
      expect(await store().admins.useTotpStep(admin.id, 999)).toBe(false);
      const racing = await Promise.all(
        [1001, 1001, 1001].map((step) => store().admins.useTotpStep(admin.id, step)),
      );
      expect(racing.filter(Boolean)).toHaveLength(1);
      expect((await store().admins.findByIdWithSecret(admin.id))?.totp_last_step).toBe(1001);
      // A new enrolment forgets the old steps.
      await store().admins.setTotp(admin.id, { secret: 'sealed-2', recovery_code_hashes: [] });
      expect(await store().admins.useTotpStep(admin.id, 5)).toBe(true);
      expect(await store().admins.useTotpStep('not-an-id', 6)).toBe(false);
    });

    it('uses each recovery code once, also when two requests race, and only the admin own ones', async () => {
      const admin = await store().admins.create({ username: 'staff', password_hash: 'h' });
      const other = await store().admins.create({ username: 'other', password_hash: 'h' });
      await store().admins.setTotp(admin.id, { secret: 'sealed', recovery_code_hashes: ['c1', 'c2', 'c3'] });
      await store().admins.setTotp(other.id, { secret: 'sealed', recovery_code_hashes: ['o1'] });
      expect(await store().admins.useRecoveryCode(admin.id, 'o1')).toBe(false);
      expect(await store().admins.useRecoveryCode(admin.id, 'c2')).toBe(true);
      expect(await store().admins.useRecoveryCode(admin.id, 'c2')).toBe(false);
      const racing = await Promise.all([0, 1, 2].map(() => store().admins.useRecoveryCode(admin.id, 'c1')));
      expect(racing.filter(Boolean)).toHaveLength(1);
      expect((await store().admins.findByIdWithSecret(admin.id))?.recovery_codes_left).toBe(1);
      expect(await store().admins.useRecoveryCode(admin.id, { $ne: 'x' } as unknown as string)).toBe(false);
      expect(await store().admins.useRecoveryCode('not-an-id', 'c3')).toBe(false);
    });
  });

  describe('audit log', () => {
    it('records entries with their before and after objects and lists them newest first', async () => {
      const first = await store().audit.record({
        actor: 'root',
        action: 'update',
        entity_type: 'agent',
        entity_id: '7',
        entity_label: 'InboxPilot',
        before: { cost: '$29/month', nested: { a: [1, 2] } },
        after: { cost: '$39/month', nested: { a: [1, 3] } },
      });
      expect(first).toMatchObject({ actor: 'root', before: { cost: '$29/month', nested: { a: [1, 2] } } });
      expect(Number.isNaN(Date.parse(first.at))).toBe(false);
      await store().audit.record({
        actor: 'ops',
        action: 'upload',
        entity_type: 'upload',
        entity_id: null,
        entity_label: 'agents.xlsx',
        before: null,
        after: { added: 3, skipped: 1 },
      });
      const entries = await store().audit.list();
      expect(entries.map((entry) => entry.action)).toEqual(['upload', 'update']);
      expect(entries[0]).toMatchObject({ entity_id: null, before: null, after: { added: 3, skipped: 1 } });
    });

    it('filters by actor, action, entity type and entity id, pages, and counts with the same filters', async () => {
      for (let index = 0; index < 5; index++) {
        await store().audit.record({
          actor: index % 2 === 0 ? 'root' : 'ops',
          action: index < 3 ? 'update' : 'delete',
          entity_type: 'agent',
          entity_id: String(index % 2),
          entity_label: `Agent ${index}`,
          before: null,
          after: null,
        });
      }
      expect(await store().audit.count()).toBe(5);
      expect(await store().audit.count({ actor: 'root' })).toBe(3);
      expect(await store().audit.count({ action: 'delete', actor: 'ops' })).toBe(1);
      expect(await store().audit.count({ entity_type: 'subscriber' })).toBe(0);
      const byEntity = await store().audit.list({ entity_type: 'agent', entity_id: '1' });
      expect(byEntity.map((entry) => entry.entity_label)).toEqual(['Agent 3', 'Agent 1']);
      const page = await store().audit.list({ limit: 2, offset: 1 });
      expect(page.map((entry) => entry.entity_label)).toEqual(['Agent 3', 'Agent 2']);
      expect(await store().audit.list({ limit: AUDIT_LIST_MAX + 10 })).toHaveLength(5);
      // A filter value that looks like an operator matches nothing rather than everything.
      expect(await store().audit.count({ actor: { $ne: 'x' } as unknown as string })).toBe(0);
    });
  });

  describe('users for the admin area', () => {
    it('lists users a page at a time, newest first, counts them and groups them by status', async () => {
      const created = [];
      for (let index = 0; index < 4; index++) {
        created.push(await store().users.create(provider(index)));
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      await store().users.update(created[1]!.id, { subscription_status: 'active' });
      const page = await store().users.list({ limit: 2, offset: 1 });
      expect(page.map((user) => user.email)).toEqual(['person2@example.com', 'person1@example.com']);
      expect(await store().users.list({ limit: USER_LIST_MAX * 2 })).toHaveLength(4);
      expect(await store().users.count()).toBe(4);
      expect(await store().users.countByStatus()).toEqual([
        { value: 'inactive', count: 3 },
        { value: 'active', count: 1 },
      ]);
    });

    it('counts the agents each of some owners has, removed ones included, and the live ones', async () => {
      const first = await store().agents.create(agentInput({ owner_id: 'o1' }));
      await store().agents.create(agentInput({ name: 'Second', owner_id: 'o1' }));
      await store().agents.create(agentInput({ name: 'Third', owner_id: 'o2' }));
      await store().agents.create(agentInput({ name: 'Nobody' }));
      await store().agents.update(first.id, { removed: true });
      const counts = await store().agents.countByOwner(['o1', 'o2', 'o3']);
      expect([...counts].sort((a, b) => a.owner_id.localeCompare(b.owner_id))).toEqual([
        { owner_id: 'o1', agents: 2, live: 1 },
        { owner_id: 'o2', agents: 1, live: 1 },
      ]);
      expect(await store().agents.countByOwner([])).toEqual([]);
    });

    it('counts users and agents created per UTC day since a date', async () => {
      const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
      await store().users.create(provider(1));
      await store().users.create(provider(2));
      const agent = await store().agents.create(agentInput());
      await store().agents.update(agent.id, { removed: true });
      await store().agents.create(agentInput({ name: 'Second' }));
      const today = new Date().toISOString().slice(0, 10);
      expect(await store().users.createdPerDay(since)).toEqual([{ day: today, count: 2 }]);
      expect(await store().agents.createdPerDay(since)).toEqual([{ day: today, count: 2 }]);
      expect(await store().agents.createdPerDay(new Date(Date.now() + 60_000))).toEqual([]);
    });
  });
}
