import path from 'node:path';
import { findLink, type OutboxMessage, readOutbox } from '@agentry/platform/mail/outbox-reader';
import { eventually } from './test-server';

// The embedded mailer writes each message to DATA_DIR/outbox; tests read what a person would.

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

export async function mailsTo(dataDir: string, to: string, kind?: string): Promise<OutboxMessage[]> {
  const all = await readOutbox(outboxDir(dataDir));
  return all.filter((message) => message.to === to && (kind === undefined || message.kind === kind));
}

/** The newest message of this kind to this address, waiting a little for background sends. */
export async function lastMail(dataDir: string, to: string, kind: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await eventually(async () => {
    found = (await mailsTo(dataDir, to, kind)).at(-1);
    return found !== undefined;
  });
  return found!;
}

/** The one-time token of the link to `pathPrefix` in a message. */
export function tokenIn(message: OutboxMessage, pathPrefix: string): string {
  const link = findLink(message.text, pathPrefix);
  if (!link) throw new Error(`no ${pathPrefix} link in ${message.kind} mail`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`the ${pathPrefix} link has no token`);
  return token;
}
