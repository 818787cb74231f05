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

  it('refuses to let production call loopback addresses, a setting for tests only', () => {
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'true' }).OUTBOUND_ALLOW_LOOPBACK).toBe(true);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        PAYMENTS_MODE: 'test',
        OUTBOUND_ALLOW_LOOPBACK: 'true',
      }),
    ).toThrow(/OUTBOUND_ALLOW_LOOPBACK is for tests only/);
  });

  it('takes DNS servers for outbound checks as addresses, and keeps the link checker at one request a second per host', () => {
    expect(loadConfig({ OUTBOUND_DNS_SERVERS: '127.0.0.1:5353, [::1]:53' }).OUTBOUND_DNS_SERVERS).toBe(
      '127.0.0.1:5353, [::1]:53',
    );
    expect(() => loadConfig({ OUTBOUND_DNS_SERVERS: 'dns.example.com' })).toThrow(/OUTBOUND_DNS_SERVERS/);
    expect(() => loadConfig({ LINK_CHECK_HOST_INTERVAL_MS: '500' })).toThrow(/LINK_CHECK_HOST_INTERVAL_MS/);
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

  it('treats any empty value as unset, as compose passes one for a variable nobody set', () => {
    const config = loadConfig({ WEB_CONCURRENCY: '', PORT: ' ', SEED_DEMO: '', RATE_LIMIT_SYNC_MS: '' });
    expect(config.WEB_CONCURRENCY).toBeUndefined();
    expect(config).toMatchObject({
      PORT: 3000,
      SEED_DEMO: true,
      RATE_LIMIT_SYNC_MS: 250,
    });
  });

  describe('payments', () => {
    const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' };
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };

    it('uses the test-mode checkout when no Stripe key is set', () => {
      expect(loadConfig({}).payments).toBe('test');
    });

    it('uses Stripe when its keys are set, unless test mode is asked for', () => {
      expect(loadConfig(stripeKeys).payments).toBe('stripe');
      expect(loadConfig({ ...stripeKeys, PAYMENTS_MODE: 'test' }).payments).toBe('test');
    });

    it('requires both Stripe secrets in Stripe mode', () => {
      expect(() => loadConfig({ PAYMENTS_MODE: 'stripe' })).toThrow(
        /STRIPE_SECRET_KEY is required in Stripe mode[\s\S]*STRIPE_WEBHOOK_SECRET is required in Stripe mode/,
      );
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
        /STRIPE_WEBHOOK_SECRET is required in Stripe mode/,
      );
    });

    it('refuses secrets that are not Stripe keys', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(
        /STRIPE_SECRET_KEY must start with sk_ or rk_[\s\S]*STRIPE_WEBHOOK_SECRET must start with whsec_/,
      );
    });

    it('makes production choose test mode explicitly, so subscriptions are never given away by accident', () => {
      expect(() => loadConfig(production)).toThrow(/PAYMENTS_MODE must be set in production/);
      expect(loadConfig({ ...production, PAYMENTS_MODE: 'test' }).payments).toBe('test');
      expect(loadConfig({ ...production, ...stripeKeys }).payments).toBe('stripe');
    });

    it('treats empty values as unset, as .env files often leave them', () => {
      const config = loadConfig({ PAYMENTS_MODE: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
      expect(config.payments).toBe('test');
    });

    it('accepts another address for the Stripe API, such as a local stand-in', () => {
      expect(loadConfig({ ...stripeKeys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE_API_URL).toBe(
        'http://127.0.0.1:12111',
      );
      expect(() => loadConfig({ STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL must start with http/);
    });
  });

  describe('mail', () => {
    it('writes mail to the outbox unless an SMTP server is set', () => {
      expect(loadConfig({}).mail).toBe('outbox');
      expect(loadConfig({ SMTP_URL: '' }).mail).toBe('outbox');
      expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).mail).toBe('smtp');
      expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
        /SMTP_URL must start with smtp:\/\//,
      );
    });

    it('accepts a bare sender address or one with a display name', () => {
      expect(loadConfig({}).MAIL_FROM).toBe('Rolecall <no-reply@rolecall.local>');
      expect(loadConfig({ MAIL_FROM: 'hello@agentry.example' }).MAIL_FROM).toBe('hello@agentry.example');
      expect(loadConfig({ MAIL_FROM: ' Agentry Support <help@agentry.example> ' }).MAIL_FROM).toBe(
        'Agentry Support <help@agentry.example>',
      );
    });

    it('refuses a sender that is not one address, or that would add a header line', () => {
      for (const from of [
        'agentry',
        'a@example.com, b@example.com',
        'Agentry <a@example.com>\r\nBcc: x@example.com',
      ]) {
        expect(() => loadConfig({ MAIL_FROM: from })).toThrow(/MAIL_FROM must be an address/);
      }
    });
  });

  it('gives a shutdown a 10 s drain and no delay unless told, within bounds', () => {
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_TIMEOUT_MS: 10_000, SHUTDOWN_DELAY_MS: 0 });
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500', SHUTDOWN_DELAY_MS: '500' })).toMatchObject({
      SHUTDOWN_TIMEOUT_MS: 2500,
      SHUTDOWN_DELAY_MS: 500,
    });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: 'soon' })).toThrow(/SHUTDOWN_DELAY_MS/);
  });

  it('counts rate limits in the shared store every 250 ms unless told, within bounds', () => {
    expect(loadConfig({})).toMatchObject({ RATE_LIMIT_STORE: 'store', RATE_LIMIT_SYNC_MS: 250 });
    expect(loadConfig({ RATE_LIMIT_STORE: 'memory', RATE_LIMIT_SYNC_MS: '500' })).toMatchObject({
      RATE_LIMIT_STORE: 'memory',
      RATE_LIMIT_SYNC_MS: 500,
    });
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
    expect(() => loadConfig({ RATE_LIMIT_SYNC_MS: '10' })).toThrow(/RATE_LIMIT_SYNC_MS/);
  });

  it('reads boolean flags', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
