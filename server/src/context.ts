import type { Config } from '@agentry/platform/config/env';
import type { Logger } from '@agentry/platform/log/logger';
import type { Mailer } from '@agentry/platform/mail/port';
import type { TestModePayments } from '@agentry/platform/payments/factory';
import type { SearchEngine } from '@agentry/platform/search/port';
import type { UploadImporter } from '@agentry/platform/spreadsheet/upload-importer';
import type { Store } from '@agentry/platform/store/port';
import type passport from 'passport';
import type { AgentEventCounter } from './analytics/agent-event-counter';
import type { ApiKeyLastUse } from './auth/api-key-last-use';
import type { ReplyBadges } from './commands/employer/reply-times';
import type { Services } from './commands/services';
import type { EventLoopMonitor } from './http/event-loop-monitor';
import type { TrustLimits } from './http/trust-limits';
import type { LifecycleState, ReadinessProbe } from './lifecycle/readiness';
import type { Outbound } from './link-check/outbound';
import type { ToolUsageCounter } from './mcp/usage/tool-usage-counter';
import type { ServerRenderer } from './routes/web/server-render';
import type { IndexRebuilder } from './search-service/index-rebuilder';
import type { SearchService } from './search-service/search-service';

/** Everything a route may use, built once at start and passed down explicitly. */
export interface AppContext {
  config: Config;
  logger: Logger;
  store: Store;
  /** The SQLite file the store was opened from; null for MongoDB or a store passed in (tests). */
  storeFile: string | null;
  engine: SearchEngine | null;
  /** How the admin upload writes a spreadsheet's agents into this store (picked with the store). */
  importUpload: UploadImporter;
  /** How the admin Reindex rebuilds this engine's index; null when there is no index. */
  indexRebuilder: IndexRebuilder | null;
  search: SearchService;
  passport: passport.PassportStatic;
  mailer: Mailer;
  /** What commands use: store, mailer, payments, clock (see commands/services.ts). */
  services: Services;
  /** The built-in checkout's extra operations when payments run in test mode; null with Stripe. */
  testCheckout: TestModePayments | null;
  sessionSecret: string;
  /** The built client (client/dist), or null when there is none (API-only tests). */
  clientDist: string | null;
  /**
   * The client's server renderer of clientDist (null: none), loaded after start (start.ts); absent,
   * the web routes make their own, loaded by the first page.
   */
  serverRenderer?: ServerRenderer | null;
  eventLoop: EventLoopMonitor;
  /**
   * Provider analytics' counts (appeared, opened, clicked, compared, contacted), kept in memory and
   * written in batches: `analytics?.countFor(audience, kind, agentIds)` (once per audience, agent
   * and day) costs no I/O. Absent where nothing counts.
   */
  analytics?: AgentEventCounter;
  /** When each employer API key was last used, noted in memory and written in batches. */
  apiKeyLastUse: ApiKeyLastUse;
  /**
   * "Usually replies within a day" per provider (issue 28), kept a few minutes: one per process, so
   * the agent page API, its server-rendered first view and MCP get_agent share what they read.
   */
  replyBadges: ReplyBadges;
  /** Calls per MCP tool and week, counted in memory and written in batches like `analytics`. */
  mcpUsage?: ToolUsageCounter;
  /** serving once start-up work (migrations, seeding, index load) is done; draining once shutting down. */
  lifecycle: () => LifecycleState;
  /** Whether the store, the search engine and the mail transport answer (/readyz, /healthz). */
  readiness: ReadinessProbe;
  /**
   * Trust (issue 26): how the site calls listings' websites (outbound.ts), how often a verified
   * domain is looked at again, and the limits on reviews, reports and proof checks.
   */
  trust: { outbound: Outbound; recheckMs: number; limits: TrustLimits };
}
