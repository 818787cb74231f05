import { normalizeAddress } from '@agentry/domain/address';
import type { Agent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/entities';
import { ROUTES } from '@agentry/domain/routes';
import type { Logger } from '@agentry/platform/log/logger';
import { checkSite, RobotsCache, type SiteCheck } from '@agentry/platform/outbound/check-site';
import { HostPacer } from '@agentry/platform/outbound/host-pacer';
import type { Store } from '@agentry/platform/store/port';
import type { LinkCheckRecord } from '@agentry/platform/store/trust-port';
import { deliver, publicLink, type Services } from '../commands/services';
import { siteDownMessage } from '../mail/trust-messages';
import { type CheckedLink, nextLinkRecord } from './link-state';
import type { Outbound } from './outbound';

// The link checker (issue 26): visits every listed agent's website once per LINK_CHECK_INTERVAL_HOURS,
// walking the catalog a batch at a time in id order (its place kept in the store, so a restart goes
// on where it was), and the failed sites again an hour later. Within a batch: at most
// `concurrency` checks at once, at most `maxPerSecond` started a second, never two requests to a
// host less than `hostIntervalMs` apart (robots.txt and redirects included: each request takes the
// host's turn), one host's queue never holding up another's. Records are saved per batch; agents
// whose public state changed are touched (their listing and search document follow), and the
// provider of a site that went down gets one e-mail.

export interface LinkCheckerSettings {
  intervalMs: number;
  concurrency: number;
  maxPerSecond: number;
  hostIntervalMs: number;
  /** Agents per batch of the pass (and retries per turn). */
  batchSize?: number;
}

/** Where the current pass stands, kept in the store's key-value settings. */
interface PassState {
  started_at: string;
  /** The last agent id of the last batch done; null before the first. */
  after: string | null;
  done_at: string | null;
}

export const PASS_KEY = 'link_check:pass';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class LinkChecker {
  private readonly pacer: HostPacer;
  private readonly robots = new RobotsCache();
  private lastStart = 0;
  private readonly batchSize: number;

  constructor(
    private readonly services: Pick<
      Services,
      'store' | 'logger' | 'mailer' | 'config' | 'now' | 'recipientLimiter'
    >,
    private readonly outbound: Outbound,
    private readonly settings: LinkCheckerSettings,
  ) {
    // Politeness and pace are kept in real time, whatever clock the records are dated by.
    this.pacer = new HostPacer(settings.hostIntervalMs);
    this.batchSize = settings.batchSize ?? 100;
  }

  private get store(): Store {
    return this.services.store;
  }

  private get logger(): Logger {
    return this.services.logger;
  }

  /** One turn: the retries that are due, then the pass's next batch when a pass is under way or due. */
  async runOnce(signal?: AbortSignal): Promise<{ checked: number; passDone: boolean }> {
    const now = new Date(this.services.now());
    const retries = await this.store.linkChecks.listRetries(now, this.batchSize);
    let checked = 0;
    if (retries.length > 0)
      checked += await this.checkAgents(await this.listed(retries.map((r) => r.agent_id)), signal);
    if (signal?.aborted) return { checked, passDone: false };

    const pass = await this.passState(now);
    if (pass.done_at) return { checked, passDone: true };
    const batch = await this.nextBatch(pass.after ?? undefined);
    if (batch.length === 0) {
      await this.savePass({ ...pass, done_at: now.toISOString() });
      this.logger.info({ started_at: pass.started_at }, 'link check pass done');
      return { checked, passDone: true };
    }
    checked += await this.checkAgents(batch, signal);
    if (!signal?.aborted) await this.savePass({ ...pass, after: batch[batch.length - 1]!.id });
    return { checked, passDone: false };
  }

  /** The pass under way; a new one when the last is done and due again (or there was none). */
  private async passState(now: Date): Promise<PassState> {
    const saved = await this.store.kv.get(PASS_KEY);
    const pass = saved ? (JSON.parse(saved) as PassState) : null;
    if (pass && (!pass.done_at || now.getTime() - Date.parse(pass.started_at) < this.settings.intervalMs))
      return pass;
    const fresh: PassState = { started_at: now.toISOString(), after: null, done_at: null };
    await this.savePass(fresh);
    return fresh;
  }

  private savePass(pass: PassState): Promise<void> {
    return this.store.kv.set(PASS_KEY, JSON.stringify(pass));
  }

  private async nextBatch(after: string | undefined): Promise<Agent[]> {
    for await (const batch of this.store.agents.scan(this.batchSize, after)) return batch;
    return [];
  }

  /** The agents of these ids that are still listed. */
  private async listed(ids: string[]): Promise<Agent[]> {
    return (await this.store.agents.getMany(ids)).filter((agent) => !agent.removed);
  }

  /** Checks the agents, saves what was found, touches and mails what changed. Returns how many were checked. */
  async checkAgents(agents: Agent[], signal?: AbortSignal): Promise<number> {
    if (agents.length === 0) return 0;
    const previous = new Map(
      (await this.store.linkChecks.getMany(agents.map((agent) => agent.id))).map((record) => [
        record.agent_id,
        record,
      ]),
    );
    const results: CheckedLink[] = [];
    await this.dispatch(
      agents,
      async (agent, url) => {
        const found = await this.check(url, signal);
        if (signal?.aborted) return; // cut short by a shutdown: says nothing about the site
        results.push(
          nextLinkRecord(agent.id, url, previous.get(agent.id) ?? null, found, new Date(this.services.now())),
        );
      },
      signal,
    );
    if (results.length === 0) return 0;
    await this.store.linkChecks.saveMany(results.map((result) => result.record));
    const changed = results.filter((result) => result.publicChange).map((result) => result.record.agent_id);
    if (changed.length > 0) await this.store.agents.touch(changed);
    const byId = new Map(agents.map((agent) => [agent.id, agent]));
    for (const result of results.filter((r) => r.notify))
      await this.tellProvider(byId.get(result.record.agent_id)!, result.record);
    return results.length;
  }

  private check(url: string, signal?: AbortSignal): Promise<SiteCheck> {
    return checkSite(url, {
      ...this.outbound,
      robots: this.robots,
      signal,
      beforeRequest: (target) => this.pacer.take(target.hostname),
    });
  }

  /**
   * Runs `work` for each agent: hosts that are free first, one request at a time per host,
   * at most `concurrency` at once and `maxPerSecond` started a second.
   */
  private async dispatch(
    agents: Agent[],
    work: (agent: Agent, url: string) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    const queues = new Map<string, Array<{ agent: Agent; url: string }>>();
    for (const agent of agents) {
      const url = normalizeAddress(agent.address);
      let host: string;
      try {
        host = new URL(url).hostname.toLowerCase();
      } catch {
        host = '';
      }
      queues.set(host, [...(queues.get(host) ?? []), { agent, url }]);
    }
    const busy = new Set<string>();
    const running = new Set<Promise<void>>();
    const { concurrency, maxPerSecond } = this.settings;
    while ((queues.size > 0 || running.size > 0) && !signal?.aborted) {
      let started = false;
      for (const [host, queue] of queues) {
        if (running.size >= concurrency) break;
        if (busy.has(host) || this.pacer.readyIn(host) > 0) continue;
        // The pace: no more than maxPerSecond starts a second.
        const wait = this.lastStart + 1000 / maxPerSecond - Date.now();
        if (wait > 0) await sleep(wait);
        this.lastStart = Date.now();
        const item = queue.shift()!;
        if (queue.length === 0) queues.delete(host);
        busy.add(host);
        const task: Promise<void> = work(item.agent, item.url)
          .catch((error) => this.logger.warn({ err: error, agentId: item.agent.id }, 'link check failed'))
          .finally(() => {
            busy.delete(host);
            running.delete(task);
          });
        running.add(task);
        started = true;
      }
      if (started) continue;
      // Nothing could start: wait for a check to end or the nearest free host's turn.
      const nearest = Math.min(
        1000,
        ...[...queues.keys()].filter((host) => !busy.has(host)).map((host) => this.pacer.readyIn(host)),
      );
      await Promise.race([...running, sleep(Math.max(5, nearest))]);
    }
    await Promise.allSettled(running);
    this.pacer.prune();
  }

  /** The one e-mail of a breakage, to the account that owns the agent (nobody owns it: nobody to tell). */
  private async tellProvider(agent: Agent, record: LinkCheckRecord): Promise<void> {
    if (!agent.owner_id) return;
    const owner = await this.store.users.findById(agent.owner_id);
    if (!owner) return;
    await deliver(
      this.services as Services,
      siteDownMessage({
        to: owner.email,
        fullName: owner.full_name,
        agentName: decodeEntities(agent.name),
        address: record.url,
        since: record.state_since ?? record.checked_at,
        dashboardLink: publicLink(this.services as Services, ROUTES.dashboard),
      }),
    );
  }
}
