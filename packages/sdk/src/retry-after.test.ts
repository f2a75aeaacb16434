import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-03-14T09:26:50Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sat, 14 Mar 2026 09:26:53 GMT', now)).toBe(3000);
    expect(retryAfterMs('Sat, 14 Mar 2026 09:26:40 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-1', now)).toBeUndefined();
  });
});
