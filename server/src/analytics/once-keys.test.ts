import { createHash } from 'node:crypto';
import { digestOfLegacyKey } from '@agentry/platform/store/legacy-once-keys';
import { OnceKeys } from './once-keys';

// The store carries the previous version's once-a-day keys into tallies by reading each agent's
// digest out of its old key (platform/src/store/legacy-once-keys.ts): that holds only while
// digest() takes its bytes from the same hash the old key was made of.

describe('once-a-day names', () => {
  const keys = new OnceKeys('a session secret every API process shares, 32+ chars');
  const day = keys.audienceDay('ip:203.0.113.7', 20_410);

  it("gives an agent the digest the store reads out of the previous version's key for it", () => {
    const tally = keys.tally(day, 'appeared');
    // The previous version's key: its tally's first 6 characters, then characters 6–21 of its own hash.
    const own = createHash('sha256').update(day).update('k\u0000appeared\u0000agent-7').digest('base64url');
    const legacyKey = tally.slice(0, 6) + own.slice(6, 22);
    expect(digestOfLegacyKey(legacyKey)?.toString('hex')).toBe(keys.digest(day, 'appeared', 'agent-7'));
  });

  it('names each agent, kind and audience apart, the same in every process sharing the secret', () => {
    const again = new OnceKeys('a session secret every API process shares, 32+ chars');
    const digest = keys.digest(day, 'opened', 'agent-7');
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    expect(again.digest(again.audienceDay('ip:203.0.113.7', 20_410), 'opened', 'agent-7')).toBe(digest);
    expect(keys.digest(day, 'opened', 'agent-8')).not.toBe(digest);
    expect(keys.digest(day, 'clicked', 'agent-7')).not.toBe(digest);
    expect(keys.digest(keys.audienceDay('ip:203.0.113.8', 20_410), 'opened', 'agent-7')).not.toBe(digest);
    expect(keys.digest(keys.audienceDay('ip:203.0.113.7', 20_411), 'opened', 'agent-7')).not.toBe(digest);
  });
});
