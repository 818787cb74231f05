import { normalizeAddress } from '@agentry/domain/address';
import type { Agent } from '@agentry/domain/agent';
import { checkSite, RobotsCache, type SiteCheck } from '@agentry/platform/outbound/check-site';
import { HostPacer } from '@agentry/platform/outbound/host-pacer';
import { IconCache } from '@agentry/platform/outbound/site-icon';
import type { LinkCheckRecord } from '@agentry/platform/store/port';
import type { Services } from '../commands/services';
import { type Chunk, hostOf, type Item } from './catalog-window';
import { checksPerSecond, type LinkCheckerSettings, POLITENESS_MARGIN_MS, sleep } from './check-pace';
import { nextLinkRecord } from './link-state';
import type { Outbound } from './outbound';
import { type PassState, passState, savePass } from './pass-state';
import { ResultRecorder } from './result-recorder';

export {
  BUSY_PER_SECOND,
  checksPerSecond,
  type LinkCheckerSettings,
  POLITENESS_MARGIN_MS,
} from './check-pace';
export { PASS_KEY } from './pass-state';

// The link checker (issue 26): visits every listed agent's website once per LINK_CHECK_INTERVAL_HOURS
// (a pass over the catalog in id order, its place kept in the store so a restart goes on where it
// was), and a failed site again an hour later. Checks run from a window of the catalog held in
// memory, queued per host: at most `concurrency` at once, `maxPerSecond` started a second, never two
// requests to one host less than `hostIntervalMs` apart (robots.txt and redirects included: each
// request takes the host's turn), and a host with many listings never holds up the others: while it
// works through its queue at one a second, the window moves on for everyone else (up to `maxChunks`
// chunks ahead). Records are saved as they come; agents whose public state changed are touched
// (their listing and search document follow); the provider of a site that went down gets one e-mail.
// It also takes the site's icon as the listing's logo (issue 25, platform/outbound/site-icon.ts),
// unless the provider uploaded one: the icons of a page are fetched once a day, not once a listing.
// Its parts: check-pace.ts (how fast checks start), pass-state.ts (the pass's place in the store),
// catalog-window.ts (the window's chunks and per-host items), result-recorder.ts (saving what was found).

/** A site's icon, once found, is fetched again after this long (a new icon shows within a week). */
export const ICON_REFRESH_MS = 7 * 24 * 3600_000;
const FLUSH_EVERY = 200;

export class LinkChecker {
  private readonly pacer: HostPacer;
  private readonly robots = new RobotsCache();
  private readonly icons = new IconCache();
  private readonly chunkSize: number;
  private readonly maxChunks: number;
  private lastStart = 0;
  /** The pass the window belongs to (its start), and the window itself. */
  private passStarted: string | null = null;
  private readCursor: string | undefined;
  private walked = false;
  private chunks: Chunk[] = [];
  private readonly queues = new Map<string, Item[]>();
  private readonly queued = new Set<string>();
  private readonly recorder: ResultRecorder;

  constructor(
    private readonly services: Pick<
      Services,
      'store' | 'logger' | 'mailer' | 'config' | 'now' | 'recipientLimiter'
    >,
    private readonly outbound: Outbound,
    private readonly settings: LinkCheckerSettings,
  ) {
    // Politeness and pace are kept in real time, whatever clock the records are dated by. A margin
    // on top of the interval: a connection that takes a few milliseconds less than the one before
    // must not bring two requests to the site closer than the interval.
    this.pacer = new HostPacer(settings.hostIntervalMs + POLITENESS_MARGIN_MS);
    this.chunkSize = settings.chunkSize ?? 500;
    this.maxChunks = settings.maxChunks ?? 8;
    this.recorder = new ResultRecorder(services);
  }

  private get store() {
    return this.services.store;
  }

  /** Items waiting in the window. */
  get backlog(): number {
    return this.queued.size;
  }

  /**
   * One turn: the retries that are due, then the pass's window, for up to `turnMs`; what was found
   * is saved and the pass's place moved on before it returns.
   */
  async runOnce(signal?: AbortSignal): Promise<{ checked: number; passDone: boolean }> {
    const now = new Date(this.services.now());
    await this.queueRetries(now);
    const pass = await passState(this.store, now, this.settings.intervalMs);
    if (!pass.done_at) {
      if (this.passStarted !== pass.started_at) this.resetWindow(pass);
      await this.fill(pass);
    }
    const checked = await this.dispatch(signal, pass);
    await this.recorder.flush();
    if (pass.done_at) return { checked, passDone: true };
    this.advance(pass);
    // The window ran dry: read on, so the pass knows whether the catalog has more.
    if (!this.walked && this.queued.size === 0 && !signal?.aborted) await this.fill(pass);
    if (this.walked && this.chunks.length === 0 && !this.hasPassWork()) {
      pass.done_at = new Date(this.services.now()).toISOString();
      this.services.logger.info({ started_at: pass.started_at }, 'link check pass done');
    }
    await savePass(this.store, pass);
    return { checked, passDone: pass.done_at !== null };
  }

  private hasPassWork(): boolean {
    for (const queue of this.queues.values()) if (queue.some((item) => item.chunk)) return true;
    return false;
  }

  private resetWindow(pass: PassState): void {
    this.passStarted = pass.started_at;
    this.readCursor = pass.after ?? undefined;
    this.walked = false;
    this.chunks = [];
    for (const [host, queue] of this.queues) {
      const retries = queue.filter((item) => item.chunk === null);
      if (retries.length > 0) this.queues.set(host, retries);
      else this.queues.delete(host);
    }
    this.queued.clear();
    for (const queue of this.queues.values()) for (const item of queue) this.queued.add(item.agent.id);
  }

  /** The pass under way; a new one when the last is done and due again (or there was none). */

  private enqueue(agent: Agent, chunk: Chunk | null): boolean {
    if (this.queued.has(agent.id)) return false;
    const url = normalizeAddress(agent.address);
    const host = hostOf(url);
    const queue = this.queues.get(host);
    const item = { agent, url, host, chunk };
    if (queue) queue.push(item);
    else this.queues.set(host, [item]);
    this.queued.add(agent.id);
    return true;
  }

  private async queueRetries(now: Date): Promise<void> {
    const due = await this.store.linkChecks.listRetries(now, this.chunkSize);
    if (due.length === 0) return;
    const agents = await this.store.agents.getMany(due.map((record) => record.agent_id));
    const listed = new Set(agents.filter((agent) => !agent.removed).map((agent) => agent.id));
    for (const agent of agents) if (listed.has(agent.id)) this.enqueue(agent, null);
    // A retry of an agent gone from the listing is dropped.
    const gone = due.filter((record) => !listed.has(record.agent_id));
    if (gone.length > 0)
      await this.store.linkChecks.saveMany(gone.map((record) => ({ ...record, retry_at: null })));
  }

  /** Hosts with a check that could start now. */
  private readyHosts(busy: Set<string>): number {
    let ready = 0;
    for (const host of this.queues.keys()) if (!busy.has(host) && this.pacer.readyIn(host) === 0) ready += 1;
    return ready;
  }

  /** The pass's place moves past the chunks that are done, oldest first (saved with the turn). */
  private advance(pass: PassState): void {
    while (this.chunks.length > 0 && this.chunks[0]!.pending === 0) pass.after = this.chunks.shift()!.lastId;
  }

  /** Reads more of the catalog into the window while it holds fewer than `maxChunks` chunks and little is ready. */
  private async fill(pass: PassState, busy = new Set<string>()): Promise<void> {
    this.advance(pass);
    while (
      !this.walked &&
      this.chunks.length < this.maxChunks &&
      this.readyHosts(busy) < this.settings.concurrency * 2
    ) {
      let batch: Agent[] = [];
      // Without the trust signals (an address, a name and an owner are what a check reads): they
      // were five batched reads per chunk on the request thread of the worker that runs the checks.
      for await (const read of this.store.agents.scan(this.chunkSize, this.readCursor, { trust: false })) {
        batch = read;
        break;
      }
      if (batch.length === 0) {
        this.walked = true;
        return;
      }
      this.readCursor = batch[batch.length - 1]!.id;
      // Agents checked in this pass already (before a restart, or as a retry) are not checked again.
      const done = new Set(
        (await this.store.linkChecks.getMany(batch.map((agent) => agent.id)))
          .filter((record) => record.checked_at >= pass.started_at)
          .map((record) => record.agent_id),
      );
      const chunk: Chunk = { lastId: this.readCursor, pending: 0 };
      for (const agent of batch) if (!done.has(agent.id) && this.enqueue(agent, chunk)) chunk.pending += 1;
      this.chunks.push(chunk);
    }
  }

  /**
   * Starts checks for `turnMs`: hosts that are free first, one request at a time per host, at most
   * `concurrency` at once and `maxPerSecond` started a second. Waits for the checks under way.
   */
  private async dispatch(signal: AbortSignal | undefined, pass: PassState): Promise<number> {
    const deadline = Date.now() + (this.settings.turnMs ?? 20_000);
    const maxStarts = this.settings.maxChecksPerTurn ?? Number.POSITIVE_INFINITY;
    const previous = new Map<string, LinkCheckRecord>();
    const busy = new Set<string>();
    const running = new Set<Promise<void>>();
    const { concurrency } = this.settings;
    let started = 0;
    let checked = 0;
    const canStart = () => !signal?.aborted && Date.now() < deadline && started < maxStarts;
    while (canStart()) {
      if (this.queued.size === 0 && running.size === 0) {
        // The window is empty: read on, unless the pass has read the whole catalog.
        if (pass.done_at || this.walked) break;
        await this.fill(pass, busy);
        continue;
      }
      let startedNow = false;
      for (const [host, queue] of this.queues) {
        if (running.size >= concurrency || !canStart()) break;
        if (busy.has(host) || this.pacer.readyIn(host) > 0) continue;
        const wait = this.lastStart + 1000 / checksPerSecond(this.settings) - Date.now();
        if (wait > 0) await sleep(wait);
        this.lastStart = Date.now();
        const item = queue.shift()!;
        if (queue.length === 0) this.queues.delete(host);
        busy.add(host);
        started += 1;
        startedNow = true;
        const task: Promise<void> = this.checkOne(item, previous, signal)
          .then((counted) => {
            if (counted) checked += 1;
          })
          .finally(() => {
            busy.delete(host);
            running.delete(task);
          });
        running.add(task);
      }
      if (this.recorder.results.length >= FLUSH_EVERY) await this.recorder.flush();
      if (!pass.done_at && !this.walked && this.readyHosts(busy) === 0) await this.fill(pass, busy);
      if (startedNow) continue;
      // Nothing could start: wait for a check to end or the nearest free host's turn.
      const nearest = Math.min(
        1000,
        ...[...this.queues.keys()].filter((host) => !busy.has(host)).map((host) => this.pacer.readyIn(host)),
      );
      await Promise.race([...running, sleep(Math.max(5, nearest))]);
    }
    await Promise.allSettled(running);
    this.pacer.prune();
    return checked;
  }

  /** One check; its result kept for the next flush. False when cut short (a shutdown says nothing of a site). */
  private async checkOne(
    item: Item,
    previous: Map<string, LinkCheckRecord>,
    signal?: AbortSignal,
  ): Promise<boolean> {
    try {
      if (!previous.has(item.agent.id)) {
        const record = await this.store.linkChecks.get(item.agent.id);
        if (record) previous.set(item.agent.id, record);
      }
      const [logo] = await this.store.logos.logosOf([item.agent.id]);
      // No logo yet, or the site's icon found a while ago: look (an upload is the provider's word).
      const wantIcon =
        !logo ||
        (logo.source === 'site' && this.services.now() - Date.parse(logo.updated_at) >= ICON_REFRESH_MS);
      const found = await this.check(item.url, signal, wantIcon);
      if (signal?.aborted) return false;
      if (found.icon) await this.recorder.keepIcon(item.agent.id, found.icon);
      this.recorder.results.push(
        nextLinkRecord(
          item.agent.id,
          item.url,
          previous.get(item.agent.id) ?? null,
          found,
          new Date(this.services.now()),
        ),
      );
      return true;
    } catch (error) {
      this.services.logger.warn({ err: error, agentId: item.agent.id }, 'link check failed');
      return false;
    } finally {
      this.queued.delete(item.agent.id);
      if (item.chunk && !signal?.aborted) item.chunk.pending -= 1;
    }
  }

  private check(url: string, signal: AbortSignal | undefined, icon: boolean): Promise<SiteCheck> {
    return checkSite(url, {
      ...this.outbound,
      robots: this.robots,
      icons: icon ? this.icons : undefined,
      signal,
      beforeRequest: (target) => this.pacer.take(target.hostname),
    });
  }
}
