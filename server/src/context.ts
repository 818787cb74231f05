import type { Config } from '@agentry/platform/config/env';
import type { Logger } from '@agentry/platform/log/logger';
import type { SearchEngine } from '@agentry/platform/search/port';
import type { Store } from '@agentry/platform/store/port';
import type passport from 'passport';
import type { SearchService } from './search/search-service';

/** Everything a route may use, built once at start and passed down explicitly. */
export interface AppContext {
  config: Config;
  logger: Logger;
  store: Store;
  engine: SearchEngine | null;
  search: SearchService;
  passport: passport.PassportStatic;
  sessionSecret: string;
  /** The built client (client/dist), or null when there is none (API-only tests). */
  clientDist: string | null;
  /** True once start-up work (migrations, seeding, index load) is done. */
  isReady: () => boolean;
}
