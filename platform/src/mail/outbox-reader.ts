import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEml } from './file-outbox/parse-eml';

// What tests and people read from the outbox: each message's addresses, subject, kind and text,
// oldest first, and the link a person would click in it.

export interface OutboxMessage {
  /** The file name in the outbox directory. */
  file: string;
  to: string;
  /** The From header as written, e.g. "Agentry <no-reply@agentry.local>". */
  from: string;
  /** The Reply-To header; absent when the message has none. */
  replyTo?: string;
  subject: string;
  kind: string;
  messageId: string;
  date: Date;
  /** The plain text, with \n line ends. */
  text: string;
  html?: string;
}

/** Every message in `dir`, oldest first; none when the directory does not exist yet. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Files being written have a dot name and another extension (see OutboxMailer).
  const files = names.filter((name) => name.endsWith('.eml') && !name.startsWith('.')).sort();
  return Promise.all(files.map(async (file) => readOutboxFile(dir, file)));
}

async function readOutboxFile(dir: string, file: string): Promise<OutboxMessage> {
  const { headers, text, html } = parseEml(await readFile(path.join(dir, file), 'utf8'));
  const header = (name: string) => headers.get(name) ?? '';
  return {
    file,
    to: header('to'),
    from: header('from'),
    ...(headers.has('reply-to') ? { replyTo: header('reply-to') } : {}),
    subject: header('subject'),
    kind: header('x-agentry-kind'),
    messageId: header('message-id'),
    date: new Date(header('date')),
    text,
    ...(html === undefined ? {} : { html }),
  };
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/**
 * The first http(s) URL in `text` whose path starts with `pathPrefix` ("/verify-email"), as
 * written; punctuation that ends a sentence after it is left out. Undefined when there is none.
 */
export function findLink(text: string, pathPrefix: string): string | undefined {
  for (const [match] of text.matchAll(URL_IN_TEXT)) {
    const candidate = match.replace(/[.,;:!?)\]]+$/, '');
    try {
      if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
    } catch {
      // Not a URL after all ("http://" alone); look further.
    }
  }
  return undefined;
}
