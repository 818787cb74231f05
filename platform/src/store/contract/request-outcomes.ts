import type { ContactRequestCreate, Store } from '../port';

// Where a request stands for its employer, and the timings reply times are computed from (issue
// 28, item 5): run by describeStoreContract against every adapter.

const request = (overrides: Partial<ContactRequestCreate> = {}): ContactRequestCreate => ({
  agent_id: 'a1',
  agent_name: 'InboxPilot',
  employer_id: 'e1',
  provider_id: 'p1',
  kind: 'demo',
  message: 'Could we see it answer Spanish e-mails?',
  preferred_times: null,
  company: 'Acme',
  contact_name: 'Grace Hopper',
  contact_email: 'grace@acme.example',
  contact_phone: null,
  ...overrides,
});

export function describeRequestOutcomesContract(store: () => Store): void {
  describe('request outcomes and reply timings', () => {
    it('starts a request with no outcome, and lets only its employer set and clear one', async () => {
      const sent = await store().contacts.create(request());
      expect(sent).toMatchObject({ outcome: null, outcome_at: null });
      expect(await store().contacts.setOutcome(sent.id, 'e2', 'hired')).toBeNull();
      expect(await store().contacts.setOutcome('no-such-id', 'e1', 'hired')).toBeNull();
      const hired = await store().contacts.setOutcome(sent.id, 'e1', 'hired');
      expect(hired).toMatchObject({ id: sent.id, outcome: 'hired', status: 'new' });
      expect(hired?.outcome_at).toEqual(expect.any(String));
      expect((await store().contacts.get(sent.id))?.outcome).toBe('hired');
      expect((await store().contacts.list({ employerId: 'e1' }))[0]?.outcome).toBe('hired');
      const cleared = await store().contacts.setOutcome(sent.id, 'e1', null);
      expect(cleared).toMatchObject({ outcome: null, outcome_at: null });
    });

    it("answers a provider's requests with when each was first answered, newest first, without ownership reports", async () => {
      const first = await store().contacts.create(request({ employer_id: 'e1' }));
      await store().contacts.addReply(first.id, {
        at: '2030-01-01T10:00:00.000Z',
        by: 'provider',
        body: 'Yes',
      });
      await store().contacts.addReply(first.id, {
        at: '2030-01-02T10:00:00.000Z',
        by: 'provider',
        body: 'Also',
      });
      const second = await store().contacts.create(request({ employer_id: 'e2', kind: 'contact' }));
      // The employer's own answer is not a reply to them (issue 25's conversation).
      await store().contacts.addReply(second.id, {
        at: '2030-01-01T09:00:00.000Z',
        by: 'employer',
        body: 'Hi?',
      });
      await store().contacts.create(request({ employer_id: 'e3', kind: 'ownership' }));
      await store().contacts.create(request({ employer_id: 'e4', provider_id: 'p2' }));
      const timings = await store().contacts.timings('p1', 10);
      expect(timings).toEqual([
        { employer_id: 'e2', created_at: second.created_at, first_reply_at: null },
        { employer_id: 'e1', created_at: first.created_at, first_reply_at: '2030-01-01T10:00:00.000Z' },
      ]);
      expect(await store().contacts.timings('p1', 1)).toHaveLength(1);
    });
  });
}
