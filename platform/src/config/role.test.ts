import { loadConfig } from './env';
import { meiliAccessOf } from './role';

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  PAYMENTS_MODE: 'test',
  MEILI_HOST: 'http://meilisearch:7700',
};

describe('each process and its Meilisearch key', () => {
  it('gives the API its search-only key and the indexer its own, in production', () => {
    const api = loadConfig({ ...production, INDEXER: 'external', MEILI_SEARCH_KEY: 's'.repeat(64) }, 'api');
    expect(meiliAccessOf(api, 'api')).toEqual({
      searchKey: 's'.repeat(64),
      writeKey: undefined,
      writes: false,
    });
    const indexer = loadConfig(
      { ...production, INDEXER: 'external', MEILI_API_KEY: 'w'.repeat(64) },
      'indexer',
    );
    expect(meiliAccessOf(indexer, 'indexer')).toEqual({
      searchKey: 'w'.repeat(64),
      writeKey: 'w'.repeat(64),
      writes: true,
    });
  });

  it('refuses a production API or indexer without its key, naming the command that makes it', () => {
    expect(() => loadConfig({ ...production, INDEXER: 'external' }, 'api')).toThrow(
      /MEILI_SEARCH_KEY is required with MEILI_HOST in production \(create it with `npm run meili:keys`\)/,
    );
    // An API that indexes itself writes too.
    expect(() => loadConfig({ ...production, MEILI_SEARCH_KEY: 's' }, 'api')).toThrow(
      /MEILI_API_KEY is required/,
    );
    expect(() => loadConfig(production, 'indexer')).toThrow(/MEILI_API_KEY is required/);
  });

  it('refuses the master key to the API and the indexer, in any environment', () => {
    expect(() =>
      loadConfig({ MEILI_HOST: 'http://localhost:7700', MEILI_MASTER_KEY: 'm'.repeat(24) }, 'api'),
    ).toThrow(/MEILI_MASTER_KEY is for `npm run meili:keys` only/);
    expect(() =>
      loadConfig({ ...production, MEILI_API_KEY: 'w', MEILI_MASTER_KEY: 'm'.repeat(24) }, 'indexer'),
    ).toThrow(/give this process MEILI_API_KEY/);
  });

  it('needs the master key, and only it, to create the keys', () => {
    expect(() => loadConfig({ MEILI_HOST: 'http://localhost:7700' }, 'meili-keys')).toThrow(
      /MEILI_MASTER_KEY is required to create Meilisearch keys/,
    );
    expect(
      loadConfig({ ...production, MEILI_MASTER_KEY: 'm'.repeat(24) }, 'meili-keys').MEILI_MASTER_KEY,
    ).toBe('m'.repeat(24));
  });

  it('asks nothing of a development Meilisearch without keys, nor of the embedded engine', () => {
    expect(() => loadConfig({ MEILI_HOST: 'http://localhost:7700' }, 'api')).not.toThrow();
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PAYMENTS_MODE: 'test' }, 'api'),
    ).not.toThrow();
  });
});
