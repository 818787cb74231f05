import { randomUUID } from 'node:crypto';

// MAIL_FROM split once into a display name and an address: the outbox writes the From header from
// it, SMTP gives both to nodemailer, and Message-IDs are made on the sender's domain so they are
// unique worldwide and say who made them (RFC 5322 section 3.6.4).

export interface Sender {
  /** Display name, empty for a bare address. */
  name: string;
  address: string;
}

/** "Agentry <no-reply@agentry.local>" or "no-reply@agentry.local" (loadConfig has checked its shape). */
export function parseSender(from: string): Sender {
  const named = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(from.trim());
  const sender = named
    ? { name: named[1]!.replace(/^"(.*)"$/, '$1').trim(), address: named[2]! }
    : { name: '', address: from.trim() };
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(sender.address) || /[\r\n]/.test(sender.name)) {
    throw new Error(`MAIL_FROM is not one address: ${JSON.stringify(from)}`);
  }
  return sender;
}

export function newMessageId(sender: Sender): string {
  return `<${randomUUID()}@${sender.address.slice(sender.address.lastIndexOf('@') + 1)}>`;
}
