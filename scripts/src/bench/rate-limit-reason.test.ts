import { rateLimitReason } from './rate-limit-reason';

const answer = (policy: string | undefined, error: string) => ({
  headers: policy ? { 'ratelimit-policy': policy } : {},
  json: { error },
});

describe('rateLimitReason', () => {
  it('names the read limiter for a GET refused by the one-minute window', () => {
    expect(rateLimitReason(answer('600;w=60', 'Too many requests, please slow down'), 'GET')).toBe(
      'reads per address (600 per minute)',
    );
  });

  it('names the write limiter for a PUT refused by the one-minute window', () => {
    expect(rateLimitReason(answer('60;w=60', 'Too many requests, please slow down'), 'PUT')).toBe(
      'writes or read-only POSTs per address (60 per minute)',
    );
  });

  it('names the sign-in limiter by its message and 15-minute window', () => {
    const reason = rateLimitReason(
      answer('10;w=900', 'Too many sign-in attempts. Please wait 15 minutes and try again.'),
      'POST',
    );
    expect(reason).toBe('failed sign-ins per address or per account (10 per 15 min)');
  });

  it('names the sign-up limiter by its hour window', () => {
    expect(rateLimitReason(answer('30;w=3600', 'Too many sign-ups from your network.'), 'POST')).toBe(
      'sign-ups per address (30 per hour)',
    );
  });

  it('names the employer contact throttle, which has no policy header', () => {
    const reason = rateLimitReason(
      answer(
        undefined,
        'You have sent 10 requests in the last hour. Please wait a while before sending more.',
      ),
      'POST',
    );
    expect(reason).toBe('contact requests per employer (per hour, in the store)');
  });

  it('quotes what an unknown limiter said rather than guessing', () => {
    expect(rateLimitReason(answer(undefined, 'Slow down'), 'GET')).toBe(
      'unrecognised 429: no RateLimit-Policy "Slow down"',
    );
  });
});
