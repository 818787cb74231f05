import { ReviewTakenError, type Store } from '../port';
import { review } from './trust-fixtures';

// Reviews (issue 26): one per organisation per agent, the provider's answer, reports and moderation,
// the best-rated agents.

export function describeReviewsContract(store: () => Store): void {
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
}
