import { redactUrl } from './request-log';

describe('request log', () => {
  it('never writes one-time tokens or checkout session ids', () => {
    expect(redactUrl('/reset-password?token=abc_DEF-123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/subscription/success?x=1&session_id=cs_test_1#top')).toBe(
      '/subscription/success?x=1&session_id=[redacted]#top',
    );
    expect(redactUrl('/api/search?query=token')).toBe('/api/search?query=token');
    expect(redactUrl('/checkout/test/cs_test_abc123')).toBe('/checkout/test/[redacted]');
    expect(redactUrl('/api/test-checkout/cs_test_abc123/pay')).toBe('/api/test-checkout/[redacted]/pay');
    expect(redactUrl('/api/team-invitations/kLSI_Rs-KPS?x=1')).toBe('/api/team-invitations/[redacted]?x=1');
    expect(redactUrl('/api/team-invitations/accept')).toBe('/api/team-invitations/accept');
    expect(redactUrl('/join-team?token=kLSI_Rs')).toBe('/join-team?token=[redacted]');
  });
});
