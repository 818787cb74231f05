import { REVIEW_MESSAGES } from '@agentry/domain/reviews';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from '../employer/fixtures';

// One review per organization, and a team is one organization (session 13's attack, finding 2).
// Members at personal-mail addresses (gmail.com…) were each an organization of their own, so one
// employer plan wrote a review of an agent per seat, and, removing members and inviting new
// addresses, as many as it sent invitations: enough 5-star reviews to show an average and reach the
// home page's "Well reviewed" for $40.

describe('reviews written from a team', () => {
  let server: TestServer;
  const people = employerFixtures(() => server);
  let grace: Person;

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await people.employer('grace.hopper@gmail.com');
    await grace.browser.put('/api/employer/team', { name: 'Hopper Hiring' }).expect(200);
  });
  afterAll(() => server.stop());

  /** A colleague at a personal-mail address who accepted Grace's invitation. */
  const member = (email: string): Promise<Person> => people.teamMember(grace, email);

  const review = (rating: number) => ({ rating, body: 'It answered our tickets in two languages.' });

  it("counts the team's reviews as one, whoever writes them and whoever has left", async () => {
    const agent = await people.agent('Stuffed Bot');
    const ann = await member('ann.one@gmail.com');
    const bob = await member('bob.two@gmail.com');

    await ann.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(201);
    const mine = await bob.browser.get(`/api/agents/${agent.id}/reviews/mine`).expect(200);
    expect(mine.body).toMatchObject({ can_review: false, reason: REVIEW_MESSAGES.takenByColleague });
    await bob.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(403);
    await grace.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(403);

    // A seat freed and given to a new address writes no second review either.
    await grace.browser.delete(`/api/employer/team/members/${ann.userId}`).expect(200);
    const cyd = await member('cyd.three@gmail.com');
    await cyd.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(403);

    // The author, still in the team, changes the team's review rather than adding one.
    await grace.browser.delete(`/api/employer/team/members/${bob.userId}`).expect(200);
    const listing = await server.http.get(`/api/agents/${agent.id}/reviews`).expect(200);
    expect(listing.body.rating_count).toBe(1);
  });

  it("lets the subscriber's own review stand for the team, and lets its author change it", async () => {
    const agent = await people.agent('Owner Reviewed Bot');
    await grace.browser.put(`/api/agents/${agent.id}/review`, review(4)).expect(201);
    const dee = await member('dee.four@gmail.com');
    await dee.browser.put(`/api/agents/${agent.id}/review`, review(5)).expect(403);
    const changed = await grace.browser.put(`/api/agents/${agent.id}/review`, review(3)).expect(200);
    expect(changed.body.review.rating).toBe(3);
    expect((await server.http.get(`/api/agents/${agent.id}/reviews`).expect(200)).body.rating_count).toBe(1);
  });
});
