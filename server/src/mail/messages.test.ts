import { findLink } from '@agentry/platform/mail/outbox-reader';
import {
  changeEmailMessage,
  claimAgentMessage,
  paymentFailedMessage,
  resetPasswordMessage,
  subscriptionCancelledMessage,
  subscriptionEndedMessage,
  subscriptionReactivatedMessage,
  subscriptionStartedMessage,
  verifyEmailMessage,
} from './messages';

const publicUrl = 'https://agentry.example';
const token = 'Zx9_-'.repeat(12);
const person = { to: 'ana@example.com', fullName: 'Ana López' };
/** 2027-01-05T00:00:00Z and 2026-12-31T23:59:59Z in Unix seconds. */
const JAN_5_2027 = 1_799_107_200;
const DEC_31_2026 = 1_798_761_599;

describe('link messages', () => {
  it('verify_email: asks to open the link, valid 48 hours, and promises no agent when it names none', () => {
    const link = `${publicUrl}/verify-email?token=${token}`;
    const message = verifyEmailMessage({ ...person, link });
    expect(message).toMatchObject({
      to: 'ana@example.com',
      kind: 'verify_email',
      subject: 'Confirm your e-mail address for Rolecall',
    });
    expect(message.text).toMatch(/^Hi Ana López,\n/);
    expect(findLink(message.text, '/verify-email')).toBe(link);
    expect(message.text).toContain(`\n${link}\n`);
    expect(message.text).toContain('valid for 48 hours');
    expect(message.text).not.toMatch(/\bagents?\b/);
  });

  it('verify_email: names the agents it lists and hands over, and says what happens to them meanwhile', () => {
    const link = `${publicUrl}/verify-email?token=${token}`;
    const one = verifyEmailMessage({ ...person, link, agentNames: ['InboxPilot'] });
    expect(one.text).toContain(
      'lists the agent you registered under this address, "InboxPilot", and adds it',
    );
    expect(one.text).toContain('within 7 days is deleted');
    const two = verifyEmailMessage({ ...person, link, agentNames: ['InboxPilot', 'LedgerLeaf', 'Q&A'] });
    expect(two.text).toContain(
      'the agents you registered under this address, "InboxPilot", "LedgerLeaf" and "Q&A"',
    );
  });

  it('change_email: goes to the new address and says the old one stays until the link is opened', () => {
    const link = `${publicUrl}/verify-email?token=${token}`;
    const message = changeEmailMessage({ to: 'ana.new@example.com', fullName: 'Ana López', link });
    expect(message).toMatchObject({
      to: 'ana.new@example.com',
      kind: 'change_email',
      subject: 'Confirm your new sign-in address for Rolecall',
    });
    expect(findLink(message.text, '/verify-email')).toBe(link);
    expect(message.text).toContain('sign in to Rolecall with ana.new@example.com');
    expect(message.text).toContain('valid for 48 hours');
    expect(message.text).toContain('you keep signing in with your current address');
    expect(message.text).not.toContain('Ana');
  });

  it('claim_agent: names the agent, says it is not listed, links to list it (7 days) and says what ignoring it does', () => {
    const link = `${publicUrl}/verify-email?token=${token}`;
    const message = claimAgentMessage({
      to: 'ana@example.com',
      agentName: 'InboxPilot',
      link,
      address: 'provider',
    });
    expect(message).toMatchObject({
      to: 'ana@example.com',
      kind: 'claim_agent',
      subject: 'An agent was registered on Rolecall under your address',
    });
    expect(message.text).toMatch(/^Hello,\n/);
    expect(message.text).toContain(
      'registered the agent "InboxPilot" on Rolecall under this e-mail address. It is not listed yet.',
    );
    expect(message.text).toContain('sign in to your Rolecall provider account with this address');
    expect(findLink(message.text, '/verify-email')).toBe(link);
    expect(message.text).toContain('valid for 7 days');
    // The truth about ignoring it: never listed, nothing added to any account, deleted.
    expect(message.text).toContain(
      'If you do nothing, the agent is never listed, nothing is added to any account, and it is deleted after 7 days.',
    );
    expect(message.text).toContain('If it was not you, you can ignore this e-mail');
    expect(message.text).not.toContain('will not be added to your account');
  });

  it('claim_agent: tells an address without an account to create one, and an employer address that it cannot hold agents', () => {
    const link = `${publicUrl}/verify-email?token=${token}`;
    const none = claimAgentMessage({
      to: 'ana@example.com',
      agentName: 'InboxPilot',
      link,
      address: 'no-account',
    });
    expect(none.text).toContain('create your Rolecall provider account with this address');
    expect(findLink(none.text, '/verify-email')).toBe(link);
    const employer = claimAgentMessage({
      to: 'ana@example.com',
      agentName: 'InboxPilot',
      link: null,
      address: 'employer',
    });
    expect(employer.text).toContain('belongs to a Rolecall employer account');
    expect(findLink(employer.text, '/verify-email')).toBeUndefined();
    expect(employer.text).toContain('deleted after 7 days');
  });

  it('reset_password: valid 1 hour, single use, signs out every device, ignore if not asked', () => {
    const link = `${publicUrl}/reset-password?token=${token}`;
    const message = resetPasswordMessage({ ...person, link });
    expect(message).toMatchObject({
      to: 'ana@example.com',
      kind: 'reset_password',
      subject: 'Reset your Rolecall password',
    });
    expect(findLink(message.text, '/reset-password')).toBe(link);
    expect(message.text).toContain('valid for 1 hour and works once');
    expect(message.text).toContain('signs you out on every device');
    expect(message.text).toContain('If you did not ask for this, you can ignore this e-mail');
  });
});

describe('subscription messages', () => {
  const plan = { ...person, planName: 'Provider plan' };

  it('subscription_started: the plan, its price and the end of the billing period as a long US date', () => {
    const message = subscriptionStartedMessage({ ...plan, priceUsd: 5, periodEnd: JAN_5_2027 });
    expect(message).toMatchObject({
      to: 'ana@example.com',
      kind: 'subscription_started',
      subject: 'Your Rolecall Provider plan is active',
    });
    expect(message.text).toContain('Your Provider plan is active, at $5 a month.');
    expect(message.text).toContain('ends on January 5, 2027');
  });

  it('shows cents only for a price that has them', () => {
    const message = subscriptionStartedMessage({ ...plan, priceUsd: 4.5, periodEnd: JAN_5_2027 });
    expect(message.text).toContain('at $4.50 a month');
  });

  it('subscription_cancelled: no renewal, and access until the period end (UTC date)', () => {
    const message = subscriptionCancelledMessage({ ...plan, accessUntil: DEC_31_2026 });
    expect(message).toMatchObject({
      kind: 'subscription_cancelled',
      subject: 'Your Rolecall Provider plan has been cancelled',
    });
    expect(message.text).toContain('will not renew');
    expect(message.text).toContain('until December 31, 2026');
  });

  it('subscription_reactivated: the next billing date', () => {
    const message = subscriptionReactivatedMessage({
      ...plan,
      planName: 'Employer plan',
      nextBillingDate: JAN_5_2027,
    });
    expect(message).toMatchObject({
      kind: 'subscription_reactivated',
      subject: 'Your Rolecall Employer plan is active again',
    });
    expect(message.text).toContain('The next payment is due on January 5, 2027.');
  });

  it('subscription_ended: the plan has ended and can be taken again', () => {
    const message = subscriptionEndedMessage(plan);
    expect(message).toMatchObject({
      to: 'ana@example.com',
      kind: 'subscription_ended',
      subject: 'Your Rolecall Provider plan has ended',
    });
    expect(message.text).toContain('Your Provider plan has ended');
  });

  it('payment_failed: links to the subscription page', () => {
    const manageLink = `${publicUrl}/subscription/manage`;
    const message = paymentFailedMessage({ ...plan, manageLink });
    expect(message).toMatchObject({
      kind: 'payment_failed',
      subject: 'Payment for your Rolecall Provider plan failed',
    });
    expect(findLink(message.text, '/subscription/manage')).toBe(manageLink);
  });
});

describe('every message', () => {
  const link = `${publicUrl}/verify-email?token=${token}`;
  const all = [
    verifyEmailMessage({ ...person, link }),
    changeEmailMessage({ ...person, link }),
    claimAgentMessage({ to: person.to, agentName: 'InboxPilot', link, address: 'provider' }),
    resetPasswordMessage({ ...person, link }),
    subscriptionStartedMessage({ ...person, planName: 'Provider plan', priceUsd: 5, periodEnd: JAN_5_2027 }),
    subscriptionCancelledMessage({ ...person, planName: 'Provider plan', accessUntil: JAN_5_2027 }),
    subscriptionReactivatedMessage({ ...person, planName: 'Provider plan', nextBillingDate: JAN_5_2027 }),
    subscriptionEndedMessage({ ...person, planName: 'Provider plan' }),
    paymentFailedMessage({ ...person, planName: 'Provider plan', manageLink: link }),
  ];

  it.each(all.map((message) => [message.kind, message]))(
    '%s is signed by Rolecall and has an HTML alternative',
    (_kind, message) => {
      expect(message.text).toMatch(/\n\nThe Rolecall team\n$/);
      expect(message.html).toContain('<p>The Rolecall team</p>');
    },
  );

  it('greets with Hello when the name is empty', () => {
    expect(verifyEmailMessage({ to: person.to, fullName: ' ', link }).text).toMatch(/^Hello,\n/);
  });

  it('escapes what people typed in the HTML, and links there to the same address', () => {
    const message = claimAgentMessage({
      to: person.to,
      agentName: '<img src=x onerror=alert(1)> & Co',
      link,
      address: 'provider',
    });
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; Co');
    expect(message.html).toContain(`<a href="${link}">List the agent and add it to your account</a>`);
    expect(message.text).toContain('"<img src=x onerror=alert(1)> & Co"');
  });
});
