import { createLogger } from '@agentry/platform/log/logger';
import { OncePerAudience } from './once-per-audience';

const DAY = 24 * 60 * 60 * 1000;

function setup(options: { maxSeen?: number; maxAudiences?: number; caps?: { clicked?: number } } = {}) {
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const warnings: string[] = [];
  const once = new OncePerAudience({
    now: () => clock,
    logger: createLogger('warn', 'test', { write: (line: string) => warnings.push(JSON.parse(line).msg) }),
    ...options,
  });
  return {
    once,
    warnings,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('OncePerAudience', () => {
  it('admits an agent once per audience, kind and day, a repeat inside one call included', () => {
    const { once } = setup();
    expect(once.admit('ip:1.1.1.1', 'appeared', ['a1', 'a2', 'a1'])).toEqual(['a1', 'a2']);
    expect(once.admit('ip:1.1.1.1', 'appeared', ['a1', 'a2', 'a3'])).toEqual(['a3']);
    // Another kind, another audience: counted on their own.
    expect(once.admit('ip:1.1.1.1', 'clicked', ['a1'])).toEqual(['a1']);
    expect(once.admit('ip:2.2.2.2', 'appeared', ['a1'])).toEqual(['a1']);
    expect(once.admit('user:7', 'appeared', ['a1'])).toEqual(['a1']);
  });

  it('admits again once the UTC day has turned', () => {
    const { once, advance } = setup();
    expect(once.admit('ip:1.1.1.1', 'opened', ['a1'])).toEqual(['a1']);
    advance(13 * 60 * 60 * 1000); // 23:00 the same day
    expect(once.admit('ip:1.1.1.1', 'opened', ['a1'])).toEqual([]);
    advance(DAY);
    expect(once.admit('ip:1.1.1.1', 'opened', ['a1'])).toEqual(['a1']);
    expect(once.size.seen).toBe(1);
  });

  it('lets one audience move at most its daily cap of agents per kind', () => {
    const { once } = setup({ caps: { clicked: 3 } });
    expect(once.admit('ip:1.1.1.1', 'clicked', ['a1', 'a2'])).toEqual(['a1', 'a2']);
    expect(once.admit('ip:1.1.1.1', 'clicked', ['a3', 'a4', 'a5'])).toEqual(['a3']);
    expect(once.admit('ip:1.1.1.1', 'clicked', ['a6'])).toEqual([]);
    // Others are not held back by it.
    expect(once.admit('ip:2.2.2.2', 'clicked', ['a6'])).toEqual(['a6']);
  });

  it('keeps its memory bounded: a full day empties itself with one warning per time', () => {
    const { once, warnings } = setup({ maxSeen: 100, maxAudiences: 10 });
    for (let client = 0; client < 50; client++) {
      once.admit(`ip:10.0.0.${client}`, 'appeared', ['a1', 'a2', 'a3', 'a4', 'a5']);
      expect(once.size.seen).toBeLessThanOrEqual(100);
      expect(once.size.audiences).toBeLessThanOrEqual(10);
    }
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((message) => /de-duplication full/.test(message))).toBe(true);
  });

  it('holds no audience in the clear', () => {
    const { once } = setup();
    once.admit('ip:203.0.113.9', 'appeared', ['a1']);
    const held = JSON.stringify([...(once as unknown as { seen: Set<number> }).seen]);
    expect(held).not.toContain('203.0.113.9');
    expect(held).toMatch(/^\[-?\d+\]$/);
  });
});
