import type { ProofFinding } from '@agentry/platform/outbound/domain-proof';
import type { DomainVerification } from '@agentry/platform/store/port';
import { afterProofCheck, LAPSE_AFTER_UNREACHABLE, RETRY_UNREACHABLE_MS } from './verification-state';

const DAY = 24 * 3600_000;
const now = new Date('2026-11-20T00:00:00.000Z');
const base: DomainVerification = {
  id: '1',
  user_id: 'u1',
  domain: 'acme.example',
  token: 't',
  status: 'pending',
  method: null,
  verified_at: null,
  checked_at: null,
  next_check_at: null,
  failures: 0,
  lapsed_at: null,
  created_at: now.toISOString(),
  updated_at: now.toISOString(),
};
const verified = {
  ...base,
  status: 'verified' as const,
  method: 'file' as const,
  verified_at: '2026-11-01T00:00:00.000Z',
};
const finding = (method: ProofFinding['method'], found: boolean, definitive = true): ProofFinding => ({
  method,
  found,
  definitive,
  detail: '',
});
const absent = [finding('dns', false), finding('file', false), finding('meta', false)];
const unreachable = [finding('dns', false), finding('file', false, false), finding('meta', false, false)];

describe('what a look for the proof does to a domain', () => {
  it('verifies a domain proven by any method, and schedules the next look', () => {
    const { event, patch } = afterProofCheck(base, [finding('dns', false), finding('meta', true)], now, DAY);
    expect(event).toBe('verified');
    expect(patch).toMatchObject({
      status: 'verified',
      method: 'meta',
      verified_at: now.toISOString(),
      next_check_at: new Date(now.getTime() + DAY).toISOString(),
    });
    expect(afterProofCheck(verified, [finding('file', true)], now, DAY)).toMatchObject({
      event: 'kept',
      patch: { verified_at: '2026-11-01T00:00:00.000Z' },
    });
  });

  it('lapses a verified domain at once when every method says the proof is gone', () => {
    expect(afterProofCheck(verified, absent, now, DAY)).toMatchObject({
      event: 'lapsed',
      patch: { status: 'lapsed', lapsed_at: now.toISOString(), next_check_at: null },
    });
  });

  it(`keeps the badge while the site cannot be reached, and lapses after ${LAPSE_AFTER_UNREACHABLE} looks in a row`, () => {
    let record: DomainVerification = verified;
    for (let look = 1; look < LAPSE_AFTER_UNREACHABLE; look++) {
      const { event, patch } = afterProofCheck(record, unreachable, now, DAY);
      expect(event).toBe('retry');
      expect(patch.next_check_at).toBe(new Date(now.getTime() + RETRY_UNREACHABLE_MS).toISOString());
      record = { ...record, ...patch };
    }
    expect(afterProofCheck(record, unreachable, now, DAY).event).toBe('lapsed');
  });

  it('leaves a pending domain pending when the proof is not found, and gives a lapsed one its badge back when found', () => {
    expect(afterProofCheck(base, absent, now, DAY)).toMatchObject({
      event: 'not_found',
      patch: { status: 'pending' },
    });
    const lapsed = { ...verified, status: 'lapsed' as const, lapsed_at: '2026-11-10T00:00:00.000Z' };
    expect(afterProofCheck(lapsed, [finding('dns', true)], now, DAY)).toMatchObject({
      event: 'verified',
      patch: { status: 'verified', lapsed_at: null },
    });
  });
});
