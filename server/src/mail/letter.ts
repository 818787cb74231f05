import { PRODUCT_TEAM } from '@agentry/domain/product';
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

const SIGNATURE = PRODUCT_TEAM;

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

const blockText = (block: Block) =>
  typeof block === 'string' ? wrapText(block) : `${block.label}:\n${block.url}`;

/** Lines longer than this are wrapped at WRAP_AT columns; a word longer than WORD_MAX is cut. */
const LONG_LINE = 300;
const WRAP_AT = 78;
const WORD_MAX = 200;

/**
 * Wraps the long lines of a paragraph at 78 columns, keeping its own line breaks. Mail lines are
 * capped at 998 bytes (RFC 5322) and our outbox refuses longer ones, so a message or reply typed
 * as one long line (or one long word) must never reach it unwrapped. Our own sentences are shorter
 * than LONG_LINE and are left for the mail client to flow.
 */
export function wrapText(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.length <= LONG_LINE) return line;
      const words = line.split(/ +/).flatMap((word) => {
        const pieces: string[] = [];
        for (let start = 0; start < word.length; start += WORD_MAX)
          pieces.push(word.slice(start, start + WORD_MAX));
        return pieces.length > 0 ? pieces : [''];
      });
      const lines: string[] = [];
      let current = '';
      for (const word of words) {
        if (current && current.length + 1 + word.length > WRAP_AT) {
          lines.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      lines.push(current);
      return lines.join('\n');
    })
    .join('\n');
}

function blockHtml(block: Block): string {
  // Line breaks typed in a message stay line breaks in HTML clients too.
  if (typeof block === 'string') return `<p>${escapeHtml(wrapText(block)).replace(/\n/g, '<br>\n')}</p>`;
  const url = escapeHtml(block.url);
  // The address is shown too, for clients that do not follow links.
  return `<p><a href="${url}">${escapeHtml(block.label)}</a><br>\n<small>${url}</small></p>`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
