import type { MailMessage } from './port';

// What both adapters accept, checked once before a message is written or sent. A recipient or kind
// that could add a header line or a second recipient is refused (a caller bug or an attack, never
// a message worth sending); a line break in the subject, which may quote a name someone typed, is
// folded into a space so the person still gets the message.

export class InvalidMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMailError';
  }
}

/** Control characters (CR, LF, tab, NUL, DEL and the C1 set): none belongs in a header. */
const CONTROL = /\p{Cc}/u;
const CONTROL_RUNS = /\p{Cc}+/gu;
/** One address, nothing around it: no space, list separator, angle bracket, quote or comment. */
const SINGLE_ADDRESS = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+$/;
const KIND = /^[a-z][a-z0-9_]{0,63}$/;
/** As newMessageId makes them: <id@domain>, nothing that could end the header. */
const MESSAGE_ID = /^<[^\s<>@]+@[^\s<>@]+>$/;

/** The message as the adapters write it, or InvalidMailError. */
export function checkMessage(message: MailMessage): MailMessage {
  const to = message.to.trim();
  if (CONTROL.test(to) || !SINGLE_ADDRESS.test(to)) {
    throw new InvalidMailError('the recipient must be exactly one e-mail address');
  }
  const replyTo = message.replyTo?.trim();
  if (replyTo !== undefined && (CONTROL.test(replyTo) || !SINGLE_ADDRESS.test(replyTo))) {
    throw new InvalidMailError('the Reply-To must be exactly one e-mail address');
  }
  if (!KIND.test(message.kind))
    throw new InvalidMailError('the kind must be a lowercase word such as verify_email');
  if (message.messageId !== undefined && !MESSAGE_ID.test(message.messageId))
    throw new InvalidMailError('the Message-ID must be one <id@domain>');
  const subject = message.subject.replace(CONTROL_RUNS, ' ').trim();
  if (!subject) throw new InvalidMailError('the subject is empty');
  if (!message.text.trim()) throw new InvalidMailError('the text is empty');
  return { ...message, to, subject, ...(replyTo === undefined ? {} : { replyTo }) };
}

/** The part after the @: what logs may say about a recipient (the whole address is personal data). */
export function recipientDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}
