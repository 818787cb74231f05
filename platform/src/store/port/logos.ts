import type { LogoType } from '@agentry/domain/logo-image';

// The store's part for agent logos (issue 25): the pictures themselves, each kept once under the
// SHA-256 of its bytes (the many listings of one site share its icon), and which picture each agent
// shows, fetched from its site by the link checker or uploaded by its provider. An upload wins: the
// link checker never replaces it. A picture no agent shows any more is deleted with the change that
// left it. Both adapters implement it; contract/logos.ts holds them to it. The bytes are checked
// (domain/logo-image.ts) and hashed before they get here.

/** The most agents logosOf() reads at once. */
export const LOGO_BATCH_MAX = 1000;

export type LogoSource = 'site' | 'upload';

export interface StoredLogo {
  hash: string;
  content_type: LogoType;
  bytes: Uint8Array;
}

/** Which picture an agent shows, and where it came from. */
export interface AgentLogo {
  agent_id: string;
  hash: string;
  source: LogoSource;
  /** When it was last set or found the same again (the link checker fetches a site's icon again after a while). */
  updated_at: string;
}

export interface LogoRepository {
  /** The picture of this hash, or null. */
  get(hash: string): Promise<StoredLogo | null>;
  /** The logos of these agents that have one (the first LOGO_BATCH_MAX distinct ids), in no particular order. */
  logosOf(agentIds: string[]): Promise<AgentLogo[]>;
  /**
   * Gives the agent this picture (stored once under its hash) as of `at`, in one transaction. A
   * picture from the site does not replace an uploaded one; the same picture from the same source
   * only moves updated_at. Answers whether what the agent shows changed.
   */
  set(agentId: string, logo: StoredLogo & { source: LogoSource; at: string }): Promise<boolean>;
  /**
   * Takes the agent's logo away: any, or only one from this source (an upload taken back leaves
   * a site icon alone, and the other way round). Answers whether it had one.
   */
  clear(agentId: string, source?: LogoSource): Promise<boolean>;
}
