import type { MailMessage } from '@agentry/platform/mail/port';

// The shape every Agentry message shares, written once: a greeting, short paragraphs, links on a
// line of their own (so they stay whole in any mail client), and the signature; the same blocks
// give the plain text and its simple HTML alternative.

/** A paragraph, or a link shown with its label. */
export type Block = string | { label: string; url: string };

export interface Letter {
  to: string;
  kind: string;
  subject: string;
  /** The person's name; "Hello," when it is unknown or empty. */
  name?: string;
  blocks: Block[];
}

const SIGNATURE = 'The Agentry team';

export function composeLetter({ to, kind, subject, name, blocks }: Letter): MailMessage {
  const greeting = name?.trim() ? `Hi ${name.trim()},` : 'Hello,';
  const text = [greeting, ...blocks.map(blockText), SIGNATURE].join('\n\n');
  const html = [greeting, ...blocks, SIGNATURE].map(blockHtml).join('\n');
  return {
    to,
    kind,
    subject,
    text: `${text}\n`,
    html: `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${html}\n</body></html>\n`,
  };
}

const blockText = (block: Block) => (typeof block === 'string' ? block : `${block.label}:\n${block.url}`);

function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  const url = escapeHtml(block.url);
  // The address is shown too, for clients that do not follow links.
  return `<p><a href="${url}">${escapeHtml(block.label)}</a><br>\n<small>${url}</small></p>`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
