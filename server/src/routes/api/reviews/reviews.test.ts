import { RATING_SHOWN_FROM } from '@agentry/domain/reviews';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser, Visitor } from '../../../testing/visitor';
import { EMPLOYER_TEST_ENV, employerFixtures } from '../employer/fixtures';

// Reviews from people who hired (issue 26): an active employer with a confirmed address reviews,
// the provider answers once, a visitor reports, staff hide and restore with a reason (audited), and
// the average shows only from RATING_SHOWN_FROM reviews; a provider's own review is refused.

let server: TestServer;
const people = employerFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer({ ...EMPLOYER_TEST_ENV, ...ADMIN_ENV });
});
afterAll(() => server.stop());

const review = (rating: number, body = 'It answered our tickets in two languages.') => ({ rating, body });

describe('reviews and ratings from people who hired', () => {
  it('takes reviews from employers, shows the average only from the threshold, and the provider answers once', async () => {
    const provider = await people.provider('ada@northwind.example');
    const agent = await people.agent('ReplyRanch', { ownerId: provider.userId });
    const first = await people.employer('hr@hiring.example');

    const mine = await first.browser.get(`/api/agents/${agent.id}/reviews/mine`).expect(200);
    expect(mine.body).toMatchObject({ can_review: true, reason: null, review: null, is_owner: false });
    const written = await first.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(201);
    expect(written.body.review).toMatchObject({ rating: 5, organization: 'Acme Hiring', reply: null });
    expect(JSON.stringify(written.body)).not.toMatch(/hr@hiring|author_id|org_key/);

    let card = (await server.http.get(`/api/agents/${agent.id}`).expect(200)).body;
    expect(card).toMatchObject({ rating_count: 1, rating_average: null });

    const edited = await first.browser
      .put(`/api/agents/${agent.id}/review`, review(4, 'Good, some slow days.'))
      .expect(200);
    expect(edited.body.review).toMatchObject({ id: written.body.review.id, rating: 4 });

    for (const [email, rating] of [
      ['buyer@second.example', 3],
      ['lead@third.example', 4],
    ] as const) {
      const employer = await people.employer(email);
      await employer.browser.put(`/api/agents/${agent.id}/review`, review(rating)).expect(201);
    }
    card = (await server.http.get(`/api/agents/${agent.id}`).expect(200)).body;
    expect(card).toMatchObject({ rating_count: RATING_SHOWN_FROM, rating_average: 3.7 });
    const listing = await server.http.get(`/api/agents/${agent.id}/reviews`).expect(200);
    expect(listing.headers['access-control-allow-origin']).toBe('*');
    expect(listing.body).toMatchObject({
      rating_average: 3.7,
      rating_count: 3,
      rating_shown_from: RATING_SHOWN_FROM,
    });
    expect(listing.body.reviews).toHaveLength(3);

    const ownerView = await provider.browser.get(`/api/agents/${agent.id}/reviews/mine`).expect(200);
    expect(ownerView.body).toMatchObject({ can_review: false, is_owner: true });
    const answered = await provider.browser
      .post(`/api/reviews/${written.body.review.id}/reply`, { body: 'Thank you, slow days are fixed.' })
      .expect(200);
    expect(answered.body.review.reply.body).toBe('Thank you, slow days are fixed.');
    const again = await provider.browser
      .post(`/api/reviews/${written.body.review.id}/reply`, { body: 'Again' })
      .expect(409);
    expect(again.body.error).toMatch(/answered already/);
    const stranger = await people.provider('eve@other.example');
    await stranger.browser
      .post(`/api/reviews/${written.body.review.id}/reply`, { body: 'Not mine' })
      .expect(403);
  });

  it("refuses a provider's review of their own agent, and reviews from the provider's organization", async () => {
    const provider = await people.provider('owner@makers.example');
    const agent = await people.agent('Own Bot', { ownerId: provider.userId });
    const own = await provider.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(403);
    expect(own.body.error).toMatch(/own organization/);
    const colleague = await people.employer('buyer@makers.example');
    const inside = await colleague.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(403);
    expect(inside.body.error).toMatch(/own organization/);
  });

  it('keeps one review per organization, and reviews to active employers with a confirmed address', async () => {
    const agent = await people.agent('Org Bot');
    const ana = await people.employer('ana@bigco.example');
    await ana.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(201);
    const bo = await people.employer('bo@bigco.example');
    const taken = await bo.browser.put(`/api/agents/${agent.id}/review`, review(1)).expect(403);
    expect(taken.body.error).toMatch(/Someone at your organization/);

    const lapsed = await people.employer('old@lapsed.example', { active: false });
    expect(
      (await lapsed.browser.put(`/api/agents/${agent.id}/review`, review(3)).expect(403)).body.error,
    ).toMatch(/active subscription/);
    const unconfirmed = await people.employer('new@fresh.example');
    await server.running.context.store.users.update(unconfirmed.userId, { email_verified_at: null });
    expect(
      (await unconfirmed.browser.put(`/api/agents/${agent.id}/review`, review(3)).expect(403)).body.error,
    ).toMatch(/Confirm your e-mail/);
    const visitor = new Visitor(server.running.url);
    await visitor.put(`/api/agents/${agent.id}/review`, review(3)).expect(401);
    const badRating = await ana.browser.put(`/api/agents/${agent.id}/review`, review(6)).expect(400);
    expect(badRating.body.error).toMatch(/rating from 1 to 5/);
    await ana.browser.put(`/api/agents/${agent.id}/review`, review(4, 'short')).expect(400);
  });

  it('lets anyone report a review, and staff hide and restore it with a reason, in the audit log', async () => {
    const agent = await people.agent('Moderated Bot');
    const writer = await people.employer('critic@reviews.example');
    const { body } = await writer.browser
      .put(`/api/agents/${agent.id}/review`, review(1, 'Terrible, avoid it!!'))
      .expect(201);
    const visitor = new Visitor(server.running.url);
    await visitor.post(`/api/reviews/${body.review.id}/reports`, { reason: '' }).expect(400);
    await visitor
      .post(`/api/reviews/${body.review.id}/reports`, { reason: 'Insults, not a review' })
      .expect(201);
    await visitor.post('/api/reviews/999999/reports', { reason: 'x' }).expect(404);

    const admin = await new AdminBrowser(server.running.url).signIn();
    const queue = await admin.get('/api/admin/reviews?queue=reported').expect(200);
    const queued = queue.body.reviews.find((r: { id: string }) => r.id === body.review.id);
    expect(queued).toMatchObject({
      open_reports: 1,
      agent_name: 'Moderated Bot',
      reports: [{ reason: 'Insults, not a review' }],
    });

    await admin.post(`/api/admin/reviews/${body.review.id}/hide`, {}).expect(400);
    await admin.post(`/api/admin/reviews/${body.review.id}/hide`, { reason: 'Abusive wording' }).expect(200);
    expect((await server.http.get(`/api/agents/${agent.id}/reviews`).expect(200)).body.reviews).toEqual([]);
    expect((await server.http.get(`/api/agents/${agent.id}`).expect(200)).body.rating_count).toBe(0);
    const hidden = await admin.get('/api/admin/reviews?queue=hidden').expect(200);
    expect(hidden.body.reviews.map((r: { id: string }) => r.id)).toContain(body.review.id);

    await admin
      .post(`/api/admin/reviews/${body.review.id}/restore`, { reason: 'Harsh but fair' })
      .expect(200);
    expect((await server.http.get(`/api/agents/${agent.id}/reviews`).expect(200)).body.reviews).toHaveLength(
      1,
    );
    const audit = await admin
      .get(`/api/admin/audit?entity_type=review&entity_id=${body.review.id}`)
      .expect(200);
    expect(
      audit.body.entries.map((e: { action: string; after: { reason: string } }) => [
        e.action,
        e.after.reason,
      ]),
    ).toEqual([
      ['restore_review', 'Harsh but fair'],
      ['hide_review', 'Abusive wording'],
    ]);
  });
});

describe('limits on reviews and reports', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      ...EMPLOYER_TEST_ENV,
      RATE_LIMIT_REVIEW_REPORTS_PER_HOUR: '2',
      RATE_LIMIT_REVIEWS_PER_HOUR: '2',
    });
  });
  afterAll(() => limited.stop());

  it('refuses a client past its reports an hour, and an employer past its reviews an hour, with 429', async () => {
    const fixtures = employerFixtures(() => limited);
    const agents = [await fixtures.agent('A1'), await fixtures.agent('A2'), await fixtures.agent('A3')];
    const writer = await fixtures.employer('many@reviews.example');
    const written = await writer.browser.put(`/api/agents/${agents[0]!.id}/review`, review(3)).expect(201);
    await writer.browser.put(`/api/agents/${agents[1]!.id}/review`, review(3)).expect(201);
    const tooMany = await writer.browser.put(`/api/agents/${agents[2]!.id}/review`, review(3)).expect(429);
    expect(tooMany.body.error).toMatch(/several reviews this hour/);

    const visitor = new Visitor(limited.running.url);
    for (let i = 0; i < 2; i++)
      await visitor.post(`/api/reviews/${written.body.review.id}/reports`, { reason: 'spam' }).expect(201);
    const refused = await visitor
      .post(`/api/reviews/${written.body.review.id}/reports`, { reason: 'spam' })
      .expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
