import type { Page } from 'playwright-core';
import {
  apiSend,
  createAccount,
  horizontalOverflow,
  linkInMail,
  screenshotFromTop,
  uniqueEmail,
} from './support/accounts';
import { seriousViolations } from './support/axe';
import { setUpApp } from './support/e2e-app';

// An employer team, end to end (issue 28): a subscribed employer names the organization and invites
// a colleague from the Team section of the employer dashboard; the colleague opens the e-mailed
// link on a phone, creates their account there and joins, and finds the team's shortlist on their
// own dashboard, each agent with who added it; the subscriber sees them among the members and
// removes them, and the colleague's next look at the lists is refused. 1280 and 360 pixels wide.

const setUp = setUpApp();
const team = (page: Page) => page.getByRole('region', { name: /^Team/ });
const shortlists = (page: Page) => page.getByRole('region', { name: /^Your shortlists/ });

/** A listed agent of the demo catalog. */
async function anAgent(page: Page): Promise<{ id: string; name: string }> {
  const found = (await (await page.request.get('/api/search?query=bookkeeping&limit=1')).json()) as Array<{
    id: string;
    name: string;
  }>;
  return found[0]!;
}

describe('Employer teams', () => {
  it('a colleague is invited, accepts, and sees the shared shortlist; removed, they lose it', async () => {
    const server = setUp().server;
    const owner = await setUp().newPage({ width: 1280, height: 900, bypassCSP: true });
    await createAccount(
      server,
      {
        email: uniqueEmail('owner'),
        userType: 'employer',
        fullName: 'Edda Lindqvist',
        organization: 'Harbourlight Freight',
        subscribed: true,
      },
      owner.request,
    );
    // A list the subscriber made before the team: it becomes the team's.
    const agent = await anAgent(owner);
    const { shortlist } = await apiSend<{ shortlist: { id: string } }>(
      owner.request,
      'POST',
      '/api/shortlists',
      {
        name: 'Bookkeeping picks',
      },
    );
    await apiSend(owner.request, 'POST', `/api/shortlists/${shortlist.id}/agents`, { agent_id: agent.id });

    await owner.goto('/employer-dashboard');
    await team(owner)
      .getByText(/includes 5 seats: you and 4 colleagues/)
      .waitFor();
    await team(owner).getByLabel('Organization name').fill('Harbourlight Freight');
    await team(owner).getByRole('button', { name: 'Save name' }).click();
    await team(owner).getByText('Your organization is now called Harbourlight Freight.').waitFor();
    const colleague = uniqueEmail('colleague');
    await team(owner).getByLabel('Invite a colleague by e-mail').fill(colleague);
    await team(owner).getByRole('button', { name: 'Send invitation' }).click();
    await team(owner).getByText(`Invitation sent to ${colleague}.`).waitFor();
    await team(owner)
      .getByRole('list', { name: 'Invitations waiting' })
      .getByRole('button', { name: `Cancel invitation ${colleague}` })
      .waitFor();
    await owner.getByRole('heading', { level: 2, name: 'Team (2 of 5 seats)' }).waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await screenshotFromTop(owner, 'team-01-invited-1280');

    // The colleague, on a phone, opens the link of the e-mail.
    const link = await linkInMail(server, colleague, 'team_invitation', '/join-team');
    const member = await setUp().newPage({ width: 360, height: 800, bypassCSP: true });
    await member.goto(link);
    await member.getByRole('heading', { level: 1, name: 'Join Harbourlight Freight' }).waitFor();
    await member.getByText(`Edda Lindqvist invited ${colleague}`).waitFor();
    expect(await seriousViolations(member)).toEqual([]);
    await screenshotFromTop(member, 'team-02-invitation-360');
    await member.getByLabel('Full name').fill('Rune Okafor');
    await member.getByLabel(/^Password/).fill('correct horse battery staple');
    await member.getByRole('button', { name: 'Create account and join Harbourlight Freight' }).click();
    await member.getByText(/You are now a member of Harbourlight Freight/).waitFor();
    await member.getByRole('link', { name: "Open the team's dashboard" }).click();

    // The shared shortlist, with who added its agent.
    const list = shortlists(member).getByRole('article', { name: /^Bookkeeping picks/ });
    await list.waitFor();
    await list.getByText('Made by Edda Lindqvist').waitFor();
    await list.getByRole('button', { name: /Show agents/ }).click();
    await list.getByText('Added by Edda Lindqvist').waitFor();
    await member.getByText(/as a team member: no subscription of your own/).waitFor();
    await team(member)
      .getByText(/You are a member of/)
      .waitFor();
    const overflow = await horizontalOverflow(member);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    expect(await seriousViolations(member)).toEqual([]);
    await screenshotFromTop(member, 'team-03-member-dashboard-360');

    // The subscriber sees the member, and removes them.
    await owner.reload();
    const members = team(owner).getByRole('list', { name: 'Members' });
    await members.getByRole('button', { name: 'Remove Rune Okafor' }).waitFor();
    await screenshotFromTop(owner, 'team-04-members-1280');
    await members.getByRole('button', { name: 'Remove Rune Okafor' }).click();
    await owner
      .getByRole('alertdialog', { name: 'Remove Rune Okafor from the team?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await team(owner).getByText('Rune Okafor was removed from the team.').waitFor();
    expect((await member.request.get('/api/shortlists')).status()).toBe(403);
  });
});
