import path from 'node:path';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('defaults every choice to the embedded adapters', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      store: 'sqlite',
      search: 'embedded',
      INDEXER: 'inprocess',
      SEED_DEMO: true,
      dataDir: path.resolve('./data'),
      publicUrl: 'http://localhost:3000',
    });
  });

  it('picks MongoDB and Meilisearch when their variables are set', () => {
    const config = loadConfig({
      MONGODB_URI: 'mongodb://db:27017/agentry',
      MEILI_HOST: 'http://search:7700',
    });
    expect([config.store, config.search]).toEqual(['mongodb', 'meilisearch']);
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', MONGODB_URI: 'postgres://x', LOG_LEVEL: 'loud', NODE_ENV: 'production' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/MONGODB_URI must start with mongodb:\/\//);
    expect(problems).toMatch(/LOG_LEVEL/);
  });

  it('requires a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
  });

  it('requires the admin username and password together', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'staff' })).toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD go together/,
    );
  });

  it('treats empty optional URLs as unset, as .env files often leave them', () => {
    expect(loadConfig({ MONGODB_URI: '', MEILI_HOST: '' }).store).toBe('sqlite');
  });

  it('reads boolean flags', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
