import {
  type ChangedAgent,
  SAVED_SEARCH_BATCH_MAX,
  type SavedSearchRepository,
} from '@agentry/platform/store/port';

// The listed agents added or changed up to a run's start, read from the store once per digest run
// and only as far back as a due search needs: the first search loads its window, an older one
// loads the part before it. A page at a time with a turn of the event loop between pages. At
// 100,000 agents all changed, it holds 100,000 small entries (a few MB).

export class ChangedAgents {
  private readonly byId = new Map<string, ChangedAgent>();
  /** Loaded: the changes after this time, up to the run's start. */
  private loadedFrom: Date;
  private newest = '';

  constructor(
    private readonly repository: Pick<SavedSearchRepository, 'changedAgents'>,
    until: Date,
  ) {
    this.loadedFrom = until;
  }

  /** Makes sure every change after `since` is known. */
  async load(since: Date): Promise<void> {
    if (since >= this.loadedFrom) return;
    const to = this.loadedFrom;
    let after: ChangedAgent | undefined;
    for (;;) {
      const page = await this.repository.changedAgents(since, to, SAVED_SEARCH_BATCH_MAX, after);
      for (const agent of page) {
        this.byId.set(agent.id, agent);
        if (agent.updated_at > this.newest) this.newest = agent.updated_at;
      }
      if (page.length < SAVED_SEARCH_BATCH_MAX) break;
      after = page.at(-1);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    this.loadedFrom = since;
  }

  /** Whether any agent changed after `since` (loaded first). */
  anySince(since: Date): boolean {
    return this.newest !== '' && Date.parse(this.newest) > since.getTime();
  }

  changedSince(id: string, since: Date): boolean {
    const agent = this.byId.get(id);
    return agent !== undefined && Date.parse(agent.updated_at) > since.getTime();
  }

  createdSince(id: string, since: Date): boolean {
    const agent = this.byId.get(id);
    return agent !== undefined && Date.parse(agent.created_at) > since.getTime();
  }
}
