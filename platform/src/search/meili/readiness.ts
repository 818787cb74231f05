import type { Meilisearch } from 'meilisearch';
import { readMeta } from './checkpoint';
import { call, describeError, MeiliError } from './tasks';

// Whether the index is ready for this process: Meilisearch answers, `npm run migrate` has created
// the index and applied this version's settings. A process checks this at start, not sets anything
// up (settings are migrate's, once per deploy), and starts whatever the answer: until the check
// passes, every call fails at once with the reason (so the API answers searches from the store and
// the indexer waits, retrying), and the check is asked again at most every RECHECK_MS. Once it has
// passed it is never asked again: the index stays as migrate left it.

/** A failed check is not repeated sooner: a down Meilisearch is not asked on every request. */
export const RECHECK_MS = 5_000;

export type ReadinessState = 'checking' | 'ready' | 'not-ready';

export interface ReadinessEvents {
  onReady?: () => void;
  /** Called once per different reason, not on every failed check. */
  onNotReady?: (reason: string) => void;
}

/** The start check (checkIndex), run once and remembered when it passes, at most every RECHECK_MS when it fails. */
export class IndexReadiness {
  private passed = false;
  private failure: { at: number; error: Error } | undefined;
  private running: Promise<void> | undefined;
  private lastReason: string | undefined;

  constructor(
    private readonly check: () => Promise<void>,
    private readonly now: () => number = Date.now,
    private readonly events: ReadinessEvents = {},
  ) {}

  get state(): ReadinessState {
    if (this.passed) return 'ready';
    return this.failure && !this.running ? 'not-ready' : 'checking';
  }

  /** Resolves when the index is ready; rejects at once with the last reason while it is not. */
  async ensure(): Promise<void> {
    if (this.passed) return;
    if (!this.running && this.failure && this.now() - this.failure.at < RECHECK_MS) throw this.failure.error;
    this.running ??= this.run();
    await this.running;
  }

  private async run(): Promise<void> {
    try {
      await this.check();
      this.passed = true;
      this.failure = undefined;
      this.events.onReady?.();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.failure = { at: this.now(), error: failure };
      if (failure.message !== this.lastReason) {
        this.lastReason = failure.message;
        this.events.onNotReady?.(failure.message);
      }
      throw failure;
    } finally {
      this.running = undefined;
    }
  }
}

export interface CheckTarget {
  client: Meilisearch;
  indexUid: string;
  metaUid: string;
  /** The fingerprint of this version's settings (settings.ts settingsFingerprint). */
  fingerprint: string;
  /** For messages: the host without credentials. */
  host: string;
}

const MIGRATE = 'run `npm run migrate` (compose runs it before the API and the indexer)';

/**
 * The start check, with searches only (the API's key holds nothing else): the meta index records
 * this version's settings, and the live index answers a search.
 */
export async function checkIndex(target: CheckTarget): Promise<void> {
  const { client, indexUid, metaUid, fingerprint, host } = target;
  let meta: Awaited<ReturnType<typeof readMeta>>;
  try {
    meta = await readMeta(client, metaUid);
  } catch (error) {
    throw new MeiliError(
      `Meilisearch at ${host} does not answer: ${describeError(error)}`,
      undefined,
      undefined,
      {
        cause: error,
      },
    );
  }
  if (!meta.exists || meta.settings === undefined)
    throw new MeiliError(`The search index ${indexUid} has not been prepared: ${MIGRATE}`, 'not_migrated');
  if (meta.settings !== fingerprint)
    throw new MeiliError(
      `The search index ${indexUid} has the settings of another version (applied ${meta.settings}, this version's ${fingerprint}): ${MIGRATE}`,
      'settings_differ',
    );
  await call(`search ${indexUid}`, () => client.index(indexUid).search('', { limit: 0 }));
}
