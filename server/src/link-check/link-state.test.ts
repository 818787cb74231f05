import type { SiteCheck } from '@agentry/platform/outbound/check-site';
import { nextLinkRecord, RETRY_AFTER_MS } from './link-state';

const answered: SiteCheck = { outcome: 'answered', http_status: 200, final_url: null, detail: null };
const refused: SiteCheck = { outcome: 'refused', http_status: null, final_url: null, detail: 'ECONNREFUSED' };
const t = (hours: number) => new Date(Date.UTC(2026, 10, 20) + hours * 3600_000);

describe('what a check does to an agent’s record', () => {
  it('marks a site that answers up at once, keeping since when while it stays up', () => {
    const first = nextLinkRecord('1', 'https://a.example', null, answered, t(0));
    expect(first).toMatchObject({
      publicChange: true,
      notify: false,
      record: { state: 'up', state_since: t(0).toISOString() },
    });
    const again = nextLinkRecord('1', 'https://a.example', first.record, answered, t(24));
    expect(again.publicChange).toBe(false);
    expect(again.record).toMatchObject({ state_since: t(0).toISOString(), checked_at: t(24).toISOString() });
  });

  it('tries a failure again an hour later before the site counts as down, since the first failure', () => {
    const up = nextLinkRecord('1', 'u', null, answered, t(0)).record;
    const once = nextLinkRecord('1', 'u', up, refused, t(24));
    expect(once).toMatchObject({
      publicChange: false,
      notify: false,
      record: {
        state: 'up',
        failures: 1,
        retry_at: new Date(t(24).getTime() + RETRY_AFTER_MS).toISOString(),
      },
    });
    const twice = nextLinkRecord('1', 'u', once.record, refused, t(25));
    expect(twice).toMatchObject({
      publicChange: true,
      notify: true,
      record: {
        state: 'down',
        state_since: t(24).toISOString(),
        failures: 2,
        retry_at: null,
        notified_at: t(25).toISOString(),
      },
    });
  });

  it('mails once per breakage: not while it stays down, again after it came back and broke again', () => {
    let record = nextLinkRecord('1', 'u', null, refused, t(0)).record;
    record = nextLinkRecord('1', 'u', record, refused, t(1)).record;
    const still = nextLinkRecord('1', 'u', record, refused, t(25));
    expect(still).toMatchObject({
      notify: false,
      publicChange: false,
      record: { state_since: t(0).toISOString() },
    });
    const back = nextLinkRecord('1', 'u', still.record, answered, t(49));
    expect(back).toMatchObject({ publicChange: true, record: { state: 'up', notified_at: null } });
    const brokeAgain = nextLinkRecord(
      '1',
      'u',
      nextLinkRecord('1', 'u', back.record, refused, t(73)).record,
      refused,
      t(74),
    );
    expect(brokeAgain.notify).toBe(true);
  });

  it('marks a site robots keep us out of unknown, and leaves everything as it was when our DNS failed', () => {
    const up = nextLinkRecord('1', 'u', null, answered, t(0)).record;
    const robots = nextLinkRecord(
      '1',
      'u',
      up,
      { ...answered, outcome: 'disallowed', http_status: null },
      t(24),
    );
    expect(robots.record.state).toBe('unknown');
    const inconclusive = nextLinkRecord(
      '1',
      'u',
      up,
      { ...answered, outcome: 'inconclusive', http_status: null },
      t(24),
    );
    expect(inconclusive).toMatchObject({
      publicChange: false,
      record: { state: 'up', failures: 0, checked_at: t(24).toISOString() },
    });
  });
});
