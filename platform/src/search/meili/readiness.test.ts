import type { Meilisearch } from 'meilisearch';
import { checkIndex, IndexReadiness, RECHECK_MS } from './readiness';

describe('IndexReadiness', () => {
  it('fails at once with the last reason until RECHECK_MS has passed, then asks again and stays ready', async () => {
    let now = 0;
    let answers = false;
    let checks = 0;
    const notReady: string[] = [];
    let readyEvents = 0;
    const readiness = new IndexReadiness(
      async () => {
        checks += 1;
        if (!answers) throw new Error('Meilisearch does not answer');
      },
      () => now,
      { onNotReady: (reason) => notReady.push(reason), onReady: () => (readyEvents += 1) },
    );
    await expect(readiness.ensure()).rejects.toThrow('does not answer');
    now = RECHECK_MS - 1;
    answers = true;
    // Within RECHECK_MS of the failure: the reason again, without asking Meilisearch.
    await expect(readiness.ensure()).rejects.toThrow('does not answer');
    expect(checks).toBe(1);
    expect(readiness.state).toBe('not-ready');
    now = RECHECK_MS;
    await readiness.ensure();
    expect(readiness.state).toBe('ready');
    await readiness.ensure();
    expect(checks).toBe(2);
    expect(notReady).toEqual(['Meilisearch does not answer']);
    expect(readyEvents).toBe(1);
  });

  it('shares one check among the calls that arrive while it runs', async () => {
    let release: () => void = () => {};
    let checks = 0;
    const readiness = new IndexReadiness(() => {
      checks += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const calls = [readiness.ensure(), readiness.ensure(), readiness.ensure()];
    expect(readiness.state).toBe('checking');
    release();
    await Promise.all(calls);
    expect(checks).toBe(1);
  });
});

/** A client whose meta index search answers these hits (or fails with this code). */
function clientAnswering(meta: Array<Record<string, unknown>> | 'missing'): Meilisearch {
  return {
    index: (uid: string) => ({
      search: async () => {
        if (uid.endsWith('_meta') && meta === 'missing')
          throw Object.assign(new Error('Index `agents_meta` not found.'), {
            cause: { code: 'index_not_found' },
          });
        return { hits: uid.endsWith('_meta') ? meta : [] };
      },
    }),
  } as unknown as Meilisearch;
}

describe('checkIndex', () => {
  const target = (client: Meilisearch) => ({
    client,
    indexUid: 'agents',
    metaUid: 'agents_meta',
    fingerprint: 'abc',
    host: 'http://meili:7700',
  });

  it('passes when migrate recorded this version’s settings', async () => {
    await expect(
      checkIndex(
        target(
          clientAnswering([
            { id: 'settings', fingerprint: 'abc' },
            { id: 'state', checkpoint: 4 },
          ]),
        ),
      ),
    ).resolves.toBeUndefined();
  });

  it('names the command when the index was never migrated', async () => {
    await expect(checkIndex(target(clientAnswering('missing')))).rejects.toThrow(
      'The search index agents has not been prepared: run `npm run migrate`',
    );
    await expect(checkIndex(target(clientAnswering([{ id: 'state', checkpoint: 4 }])))).rejects.toThrow(
      /has not been prepared/,
    );
  });

  it('says so when the index has another version’s settings', async () => {
    await expect(
      checkIndex(target(clientAnswering([{ id: 'settings', fingerprint: 'old' }]))),
    ).rejects.toThrow(
      'The search index agents has the settings of another version (applied old, this version’s abc)'.replace(
        '’',
        "'",
      ),
    );
  });
});
