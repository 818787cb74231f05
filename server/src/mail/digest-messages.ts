import { PRODUCT_NAME } from '@agentry/domain/product';
import { DIGEST_FREQUENCY_LABELS, type DigestFrequency } from '@agentry/domain/saved-searches';
import type { MailMessage } from '@agentry/platform/mail/port';
import { type Block, composeLetter } from './letter';

// The digest of a saved search (issue 28): the new and changed agents that match it, one line and
// one link each, a link that opens the search, and the signed link that stops these e-mails. The
// subject names only our words and the search's name (typed by the employer who receives it).

export interface DigestAgent {
  name: string;
  provider: string;
  role: string;
  /** Listed since the last digest (rather than changed). */
  isNew: boolean;
  link: string;
}

export function searchDigestMessage({
  to,
  fullName,
  searchName,
  description,
  alert,
  agents,
  more,
  searchLink,
  unsubscribeLink,
}: {
  to: string;
  fullName: string;
  searchName: string;
  /** The search in a line (domain's describeSavedSearch). */
  description: string;
  alert: DigestFrequency;
  /** The agents shown (at most DIGEST_AGENTS_SHOWN_MAX), best match first. */
  agents: DigestAgent[];
  /** How many more matched and are not shown. */
  more: number;
  searchLink: string;
  unsubscribeLink: string;
}): MailMessage {
  const count = agents.length + more;
  const agentBlocks: Block[] = agents.map((agent) => ({
    label: `${agent.isNew ? 'New' : 'Changed'}: ${agent.name} (${agent.role}, by ${agent.provider})`,
    url: agent.link,
  }));
  return composeLetter({
    to,
    kind: 'search_digest',
    subject: `${count === 1 ? '1 new match' : `${count} new matches`} for your saved search on ${PRODUCT_NAME}`,
    name: fullName,
    blocks: [
      `${count === 1 ? 'One agent' : `${count} agents`} added or changed since the last digest ${count === 1 ? 'matches' : 'match'} your saved search "${searchName}" (${description}):`,
      ...agentBlocks,
      ...(more > 0 ? [`And ${more} more.`] : []),
      { label: 'Open the search', url: searchLink },
      `You receive this ${DIGEST_FREQUENCY_LABELS[alert].toLowerCase()} because you asked for it when you saved the search. To stop these e-mails (no sign-in needed):`,
      { label: 'Unsubscribe from this search', url: unsubscribeLink },
    ],
  });
}
