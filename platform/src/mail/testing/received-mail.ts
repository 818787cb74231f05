import type { AddressObject, ParsedMail } from 'mailparser';

// What reached the receiving end of a mailer, as a standard parser (mailparser) reads it: the
// contract compares this, not our own reader, so the outbox and SMTP are held to the same outside
// view of a message.

export interface ReceivedMail {
  /** Where it was delivered: the SMTP envelope's recipients, or every To/Cc/Bcc address of a file. */
  recipients: string[];
  to: string;
  from: { name: string; address: string };
  /** The Reply-To address, '' when there is none. */
  replyTo: string;
  subject: string;
  kind: string;
  messageId: string;
  text: string;
  html?: string;
  /** Lowercase names of the top-level headers (a header injection would add one). */
  headerNames: string[];
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .map((address) => address.address ?? '');

/** `recipients` defaults to the message's own To, Cc and Bcc (a file has no envelope). */
export function receivedMail(parsed: ParsedMail, recipients?: string[]): ReceivedMail {
  const from = parsed.from?.value[0];
  return {
    recipients: recipients ?? [...addresses(parsed.to), ...addresses(parsed.cc), ...addresses(parsed.bcc)],
    to: addresses(parsed.to).join(', '),
    from: { name: from?.name ?? '', address: from?.address ?? '' },
    replyTo: addresses(parsed.replyTo).join(', '),
    subject: parsed.subject ?? '',
    kind: String(parsed.headers.get('x-agentry-kind') ?? ''),
    messageId: parsed.messageId ?? '',
    text: parsed.text ?? '',
    ...(parsed.html ? { html: parsed.html } : {}),
    headerNames: [...parsed.headers.keys()],
  };
}
