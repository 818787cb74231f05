import '../../../testing/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_TOKEN } from '../testing/admin-api';
import { makeAdminAgent } from '../testing/admin-fixtures';
import { callsTo, renderAdmin, requestOf } from '../testing/render-admin';

jest.mock('chart.js', () => require('../../../testing/fake-chart'));

const KEEPER = makeAdminAgent({
  id: 'h1',
  name: 'Keeper &amp; Co',
  email: null,
  removed: true,
  held_for: 'review',
  description: 'Answers e-mails.',
});
const SQUATTER = makeAdminAgent({
  id: 'h2',
  name: 'Squatter',
  email: null,
  removed: true,
  held_for: 'review',
});

const findQueue = () => screen.findByRole('region', { name: /Review queue/ });

describe('Admin screen: the review queue', () => {
  it('shows the agents waiting for review, with their facts and how many wait', async () => {
    renderAdmin([], { reviewQueue: [KEEPER, SQUATTER] });
    const queue = await findQueue();
    expect(await within(queue).findByText('Keeper & Co', { selector: 'strong' })).toBeTruthy();
    expect(within(queue).getByText('Answers e-mails.')).toBeTruthy();
    expect(within(queue).getByRole('heading', { name: 'Review queue (2 waiting)' })).toBeTruthy();
    expect(within(queue).getAllByText('Awaiting review')).toHaveLength(2);
  });

  it('approves one and rejects the other with the admin CSRF token, says what was done, and refreshes the agents', async () => {
    const { fetchMock } = renderAdmin(
      [
        {
          method: 'POST',
          path: '/api/admin/review-queue/h1/approve',
          body: { success: true, agent: KEEPER },
        },
        {
          method: 'POST',
          path: '/api/admin/review-queue/h2/reject',
          body: { success: true, agent: SQUATTER },
        },
      ],
      { reviewQueue: [KEEPER, SQUATTER] },
    );
    const queue = await findQueue();
    const agentReads = () => callsTo(fetchMock, 'GET', '/api/admin/agents').length;
    const before = agentReads();
    await userEvent.click(await within(queue).findByRole('button', { name: 'Approve Keeper & Co' }));
    expect(await within(queue).findByText('Approved: listed')).toBeTruthy();
    await userEvent.click(within(queue).getByRole('button', { name: 'Reject Squatter' }));
    expect(await within(queue).findByText('Rejected: deleted')).toBeTruthy();
    expect(within(queue).getByRole('heading', { name: 'Review queue (0 waiting)' })).toBeTruthy();
    expect(within(queue).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(requestOf(fetchMock, 'POST', '/api/admin/review-queue/h1/approve').headers['X-CSRF-Token']).toBe(
      CSRF_TOKEN,
    );
    // The agent list reads itself again (ADMIN_REFRESH_DELAY_MS after a change).
    await waitFor(() => expect(agentReads()).toBeGreaterThan(before));
  });

  it("shows the server's reason when a decision fails, and keeps the buttons", async () => {
    renderAdmin(
      [
        {
          method: 'POST',
          path: '/api/admin/review-queue/h1/approve',
          status: 409,
          body: { success: false, error: 'This agent is not waiting for review any more.' },
        },
      ],
      { reviewQueue: [KEEPER] },
    );
    const queue = await findQueue();
    await userEvent.click(await within(queue).findByRole('button', { name: 'Approve Keeper & Co' }));
    expect((await within(queue).findByRole('alert')).textContent).toBe(
      'This agent is not waiting for review any more.',
    );
    expect(within(queue).getByRole('button', { name: 'Approve Keeper & Co' })).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    renderAdmin([], { reviewQueue: [] });
    expect(await within(await findQueue()).findByText('Nothing waits for review.')).toBeTruthy();
  });
});
