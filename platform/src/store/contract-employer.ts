import { ContactThrottledError, DuplicateShortlistError, SHORTLIST_AGENTS_MAX } from './employer-port';
import type { Store } from './port';

// The employer tools' part of the store contract: shortlists, contact requests and the provider
// analytics counts, run by describeStoreContract against every adapter.

const request = (overrides: Record<string, unknown> = {}) => ({
  agent_id: 'a1',
  agent_name: 'InboxPilot',
  employer_id: 'e1',
  provider_id: 'p1' as string | null,
  kind: 'demo' as const,
  message: 'Could we see it answer Spanish e-mails?',
  preferred_times: 'Tuesday mornings',
  company: 'Acme',
  contact_name: 'Grace Hopper',
  contact_email: 'grace@acme.example',
  contact_phone: null,
  ...overrides,
});

export function describeEmployerToolsContract(store: () => Store): void {
  describe('shortlists', () => {
    it('creates, renames, fills in order without repeats, and deletes a list of its owner only', async () => {
      const list = await store().shortlists.create('u1', 'Support bots');
      expect(list).toMatchObject({ user_id: 'u1', name: 'Support bots', agent_ids: [] });
      await store().shortlists.addAgent(list.id, 'u1', 'a2');
      await store().shortlists.addAgent(list.id, 'u1', 'a1');
      const filled = await store().shortlists.addAgent(list.id, 'u1', 'a2');
      expect(filled?.agent_ids).toEqual(['a2', 'a1']);
      expect((await store().shortlists.removeAgent(list.id, 'u1', 'a2'))?.agent_ids).toEqual(['a1']);
      expect((await store().shortlists.rename(list.id, 'u1', 'Helpdesk'))?.name).toBe('Helpdesk');
      // Another user sees nothing and changes nothing.
      expect(await store().shortlists.get(list.id, 'u2')).toBeNull();
      expect(await store().shortlists.addAgent(list.id, 'u2', 'a9')).toBeNull();
      expect(await store().shortlists.delete(list.id, 'u2')).toBe(false);
      expect(await store().shortlists.get('not-an-id', 'u1')).toBeNull();
      expect(await store().shortlists.delete(list.id, 'u1')).toBe(true);
      expect(await store().shortlists.listForUser('u1')).toEqual([]);
    });

    it('refuses a second list of the same name for one user, lists newest first and counts', async () => {
      await store().shortlists.create('u1', 'A');
      await store().shortlists.create('u1', 'B');
      await store().shortlists.create('u2', 'A');
      await expect(store().shortlists.create('u1', 'A')).rejects.toBeInstanceOf(DuplicateShortlistError);
      expect((await store().shortlists.listForUser('u1')).map((list) => list.name)).toEqual(['B', 'A']);
      expect(await store().shortlists.countForUser('u1')).toBe(2);
    });

    it(`holds at most ${SHORTLIST_AGENTS_MAX} agents in a list`, async () => {
      const list = await store().shortlists.create('u1', 'Big');
      for (let i = 0; i < SHORTLIST_AGENTS_MAX + 3; i++)
        await store().shortlists.addAgent(list.id, 'u1', `a${i}`);
      expect((await store().shortlists.get(list.id, 'u1'))?.agent_ids.length).toBe(SHORTLIST_AGENTS_MAX);
    });
  });

  describe('contact requests', () => {
    it('stores a request as new, lists it in its inbox, and records replies and status', async () => {
      const sent = await store().contacts.create(request());
      expect(sent).toMatchObject({ status: 'new', replies: [], provider_id: 'p1', kind: 'demo' });
      expect((await store().contacts.list({ providerId: 'p1' })).map((item) => item.id)).toEqual([sent.id]);
      expect(await store().contacts.list({ providerId: 'p2' })).toEqual([]);
      expect((await store().contacts.list({ employerId: 'e1' })).map((item) => item.id)).toEqual([sent.id]);
      const replied = await store().contacts.addReply(sent.id, {
        at: new Date().toISOString(),
        by: 'provider',
        body: 'Sure, Tuesday 10:00?',
      });
      expect(replied).toMatchObject({
        status: 'replied',
        replies: [{ by: 'provider', body: 'Sure, Tuesday 10:00?' }],
      });
      // The employer answers (issue 25): the request waits for the provider again.
      const answered = await store().contacts.addReply(sent.id, {
        at: new Date().toISOString(),
        by: 'employer',
        body: 'Tuesday works.',
      });
      expect(answered).toMatchObject({
        status: 'new',
        replies: [{ by: 'provider' }, { by: 'employer', body: 'Tuesday works.' }],
      });
      expect((await store().contacts.setStatus(sent.id, 'closed'))?.status).toBe('closed');
      expect(await store().contacts.count({ providerId: 'p1' }, { status: 'closed' })).toBe(1);
      expect(await store().contacts.count({ providerId: 'p1' }, { status: 'new' })).toBe(0);
      expect(await store().contacts.addReply('not-an-id', { at: '', by: 'provider', body: 'x' })).toBeNull();
    });

    it('sends requests about agents nobody owns to the admin inbox, newest first, and counts what an employer sent', async () => {
      const first = await store().contacts.create(request({ provider_id: null }));
      const second = await store().contacts.create(request({ provider_id: null, kind: 'contact' }));
      await store().contacts.create(request({ employer_id: 'e2' }));
      expect((await store().contacts.list({ admin: true })).map((item) => item.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect(await store().contacts.count({ admin: true })).toBe(2);
      expect(await store().contacts.countSentSince('e1', new Date(Date.now() - 60_000))).toBe(2);
      expect(await store().contacts.countSentSince('e1', new Date(Date.now() + 60_000))).toBe(0);
    });
  });

  describe('contact request limits', () => {
    it('checks the sending limits with the insert: too many in the window, or the same agent again', async () => {
      const limits = (max: number) => ({
        since: new Date(Date.now() - 60_000),
        max,
        sameAgentSince: new Date(Date.now() - 60_000),
      });
      await store().contacts.create(request({ agent_id: 'a1' }), limits(2));
      await expect(store().contacts.create(request({ agent_id: 'a1' }), limits(2))).rejects.toMatchObject({
        reason: 'same_agent',
      });
      await store().contacts.create(request({ agent_id: 'a2' }), limits(2));
      await expect(store().contacts.create(request({ agent_id: 'a3' }), limits(2))).rejects.toBeInstanceOf(
        ContactThrottledError,
      );
      // Another employer has limits of their own.
      await store().contacts.create(request({ agent_id: 'a1', employer_id: 'e2' }), limits(2));
      expect(await store().contacts.count({ employerId: 'e1' })).toBe(2);
    });

    it('lets no more than the limit through when the requests arrive at the same instant', async () => {
      const limits = {
        since: new Date(Date.now() - 60_000),
        max: 3,
        sameAgentSince: new Date(Date.now() - 60_000),
      };
      // Ten different agents at once: only the count can stop them, and it must see the others.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          store().contacts.create(request({ agent_id: `c${i}`, employer_id: 'burst' }), limits),
        ),
      );
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(outcomes.length - refused.length).toBe(3);
      for (const outcome of refused)
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ContactThrottledError);
      expect(await store().contacts.count({ employerId: 'burst' })).toBe(3);
    });
  });

  describe('agent analytics counts', () => {
    it('adds batched counts per agent, week and kind, and reads them from a week on', async () => {
      await store().agentStats.increment([
        { agent_id: 'a1', week: '2026-11-16', kind: 'appeared', count: 5 },
        { agent_id: 'a1', week: '2026-11-16', kind: 'opened', count: 2 },
        { agent_id: 'a1', week: '2026-11-09', kind: 'appeared', count: 1 },
        { agent_id: 'a2', week: '2026-11-16', kind: 'clicked', count: 1 },
      ]);
      await store().agentStats.increment([
        { agent_id: 'a1', week: '2026-11-16', kind: 'appeared', count: 3 },
      ]);
      const counts = await store().agentStats.forAgents(['a1', 'a2', 'a3'], '2026-11-16');
      expect(counts).toEqual([
        { agent_id: 'a1', week: '2026-11-16', appeared: 8, opened: 2, clicked: 0, compared: 0, contacted: 0 },
        { agent_id: 'a2', week: '2026-11-16', appeared: 0, opened: 0, clicked: 1, compared: 0, contacted: 0 },
      ]);
      expect(await store().agentStats.forAgents([], '2026-01-01')).toEqual([]);
    });

    it("answers a week's most compared and most viewed agents, most first, ties by id", async () => {
      await store().agentStats.increment([
        { agent_id: 'a1', week: '2026-11-16', kind: 'compared', count: 3 },
        { agent_id: 'a2', week: '2026-11-16', kind: 'compared', count: 7 },
        { agent_id: 'a3', week: '2026-11-16', kind: 'compared', count: 3 },
        { agent_id: 'a4', week: '2026-11-16', kind: 'opened', count: 9 },
        { agent_id: 'a5', week: '2026-11-09', kind: 'compared', count: 50 },
      ]);
      expect(await store().agentStats.top('2026-11-16', 'compared', 10)).toEqual([
        { agent_id: 'a2', count: 7 },
        { agent_id: 'a1', count: 3 },
        { agent_id: 'a3', count: 3 },
      ]);
      expect(await store().agentStats.top('2026-11-16', 'compared', 1)).toEqual([
        { agent_id: 'a2', count: 7 },
      ]);
      expect(await store().agentStats.top('2026-11-16', 'opened', 10)).toEqual([
        { agent_id: 'a4', count: 9 },
      ]);
    });
  });
}
