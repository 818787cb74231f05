import type { Agent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import { ROUTES } from '@agentry/domain/routes';
import type { SiteIcon } from '@agentry/platform/outbound/site-icon';
import type { LinkCheckRecord } from '@agentry/platform/store/port';
import { deliver, publicLink, type Services } from '../commands/services';
import { siteDownMessage } from '../mail/trust-messages';
import type { CheckedLink } from './link-state';

// Recording what the checks found: the records saved a batch at a time, the agents whose listing
// changed touched (their listing and search document follow), the provider of a site that went down
// told once, and a site's icon kept as the listing's logo.

export class ResultRecorder {
  /** Results kept for the next flush. */
  results: CheckedLink[] = [];
  /** Agents whose logo changed since the last flush: touched with it, so the index reads them again. */
  private logosChanged = new Set<string>();

  constructor(
    private readonly services: Pick<
      Services,
      'store' | 'logger' | 'mailer' | 'config' | 'now' | 'recipientLimiter'
    >,
  ) {}

  private get store() {
    return this.services.store;
  }

  /** The site's icon as the agent's logo (an upload stays: the store keeps it). */
  async keepIcon(agentId: string, icon: SiteIcon): Promise<void> {
    const changed = await this.store.logos.set(agentId, {
      hash: icon.hash,
      content_type: icon.content_type,
      bytes: icon.bytes,
      source: 'site',
      at: new Date(this.services.now()).toISOString(),
    });
    if (changed) this.logosChanged.add(agentId);
  }

  /** Saves what was found, touches the agents whose listing changed, and mails breakages. */
  async flush(): Promise<void> {
    const results = this.results;
    if (results.length === 0) return;
    this.results = [];
    await this.store.linkChecks.saveMany(results.map((result) => result.record));
    const changed = [
      ...new Set([
        ...results.filter((result) => result.publicChange).map((result) => result.record.agent_id),
        ...this.logosChanged,
      ]),
    ];
    this.logosChanged = new Set();
    for (let start = 0; start < changed.length; start += 1000)
      await this.store.agents.touch(changed.slice(start, start + 1000));
    const broken = results.filter((result) => result.notify);
    if (broken.length === 0) return;
    const agents = new Map(
      (await this.store.agents.getMany(broken.map((result) => result.record.agent_id))).map((agent) => [
        agent.id,
        agent,
      ]),
    );
    for (const result of broken) {
      const agent = agents.get(result.record.agent_id);
      if (agent) await this.tellProvider(agent, result.record);
    }
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
