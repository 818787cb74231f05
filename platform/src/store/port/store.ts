import type { RateLimitStore } from '../../rate-limit/port';
import type { AdminRepository } from './admins';
import type { AgentStatsRepository } from './agent-stats';
import type { AgentRepository } from './agents';
import type { ApiKeyRepository } from './api-keys';
import type { AuditLog } from './audit';
import type { BillingRepository } from './billing';
import type { ChangeLog } from './change-log';
import type { ContactRequestRepository } from './contact-requests';
import type { KeyValueRepository } from './key-value';
import type { LeaseRepository } from './leases';
import type { LinkCheckRepository } from './link-checks';
import type { ListingClaimRepository } from './listing-claims';
import type { LogoRepository } from './logos';
import type { AgentProfileRepository } from './profiles';
import type { ReviewRepository } from './reviews';
import type { SavedSearchRepository } from './saved-searches';
import type { SessionRepository } from './sessions';
import type { ShortlistRepository } from './shortlists';
import type { TeamRepository } from './teams';
import type { TokenRepository } from './tokens';
import type { ToolUsageRepository } from './tool-usage';
import type { UserRepository } from './users';
import type { DomainVerificationRepository } from './verifications';

// The store port: the source of record. Two adapters implement it (sqlite/ and mongo/) and one
// contract suite (contract.ts, one file per resource under contract/) holds both to the same
// behaviour. Methods are async because the MongoDB adapter is; ids are strings whatever the
// adapter uses inside.

export interface Store {
  readonly kind: 'sqlite' | 'mongodb';
  readonly agents: AgentRepository;
  readonly changes: ChangeLog;
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly tokens: TokenRepository;
  readonly billing: BillingRepository;
  readonly kv: KeyValueRepository;
  readonly admins: AdminRepository;
  readonly audit: AuditLog;
  readonly shortlists: ShortlistRepository;
  readonly contacts: ContactRequestRepository;
  readonly agentStats: AgentStatsRepository;
  readonly toolUsage: ToolUsageRepository;
  /** Employers' API keys (hashes only). */
  readonly apiKeys: ApiKeyRepository;
  /** Structured agent profiles (issue 28). */
  readonly profiles: AgentProfileRepository;
  /** Employer teams (issue 28): organisations, members, invitations. */
  readonly teams: TeamRepository;
  /** Employers' saved searches and their digests (issue 28). */
  readonly savedSearches: SavedSearchRepository;
  /** Trust (issue 26): providers' domains, the link checker's records, reviews, listings claimed by domain, job leases. */
  readonly verifications: DomainVerificationRepository;
  readonly linkChecks: LinkCheckRepository;
  readonly reviews: ReviewRepository;
  readonly listingClaims: ListingClaimRepository;
  readonly leases: LeaseRepository;
  /** Agent logos: the site's icon or the provider's upload, served by us (issue 25). */
  readonly logos: LogoRepository;
  /** Rate-limit windows every API process shares (platform/src/rate-limit/port.ts). */
  readonly rateLimits: RateLimitStore;
  /** Resolves when the store answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
