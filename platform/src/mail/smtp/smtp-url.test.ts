import { describeMailerContract } from '../contract';
import { SmtpMailer } from './smtp-mailer';

// The contract against the real server at SMTP_URL (a Mailpit, a provider's sandbox…), when set.
// It cannot read that server's mailboxes, so it checks what a sender can: the server takes the
// messages, refuses nothing valid, and nothing invalid leaves. Messages go to SMTP_TEST_TO
// (default a reserved example.com address, which a real relay cannot deliver).

const url = process.env.SMTP_URL;
const from = process.env.MAIL_FROM || 'Agentry <no-reply@agentry.local>';
const recipient = process.env.SMTP_TEST_TO || 'agentry-contract@example.com';

if (url) {
  jest.setTimeout(30_000);
  describeMailerContract('SMTP at SMTP_URL', { readsInbox: false }, async (logger) => {
    const mailer = new SmtpMailer({ url, from, logger });
    return { mailer, from, recipient, close: () => mailer.close() };
  });
} else {
  describe.skip('Mailer contract: SMTP at SMTP_URL (set SMTP_URL to run)', () => {
    it('sends through the configured server', () => {});
  });
}
