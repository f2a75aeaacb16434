import { rateLimitHeaders, retryAfterSeconds } from './rate-limit-headers';

describe('rate limit headers', () => {
  it('follow the IETF draft structured-field form', () => {
    const headers = rateLimitHeaders('pro', 60_000, {
      allowed: true,
      limit: 600,
      remaining: 42,
      resetMs: 1500,
      retryAfterMs: 0,
    });
    expect(headers).toEqual({ 'RateLimit-Policy': '"pro";q=600;w=60', RateLimit: '"pro";r=42;t=2' });
  });

  it('keep the policy name a plain sf-string', () => {
    const headers = rateLimitHeaders('a "b"\\c', 1000, {
      allowed: false,
      limit: 1,
      remaining: 0,
      resetMs: 0,
      retryAfterMs: 10,
    });
    expect(headers['RateLimit-Policy']).toBe('"a__b__c";q=1;w=1');
  });

  it('round Retry-After up to at least one second', () => {
    expect(retryAfterSeconds({ allowed: false, limit: 1, remaining: 0, resetMs: 0, retryAfterMs: 10 })).toBe(1);
    expect(retryAfterSeconds({ allowed: false, limit: 1, remaining: 0, resetMs: 0, retryAfterMs: 2001 })).toBe(3);
  });
});
