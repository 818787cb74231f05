import { ContactThrottledError, type Store } from '../port';

// Contact and demo requests' part of the store contract (and the sending limits checked with the
// insert), run by describeStoreContract against every adapter.

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

export function describeContactRequestsContract(store: () => Store): void {
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
}
