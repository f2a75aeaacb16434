import { DELIVERY_MAX_ATTEMPTS } from '@waymark/contracts';
import { delayAfterAttempt } from './retry-schedule';

describe('retry schedule', () => {
  it('retries after 30 s, 2 min, 10 min, 15 min and 15 min, six attempts in all', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) => delayAfterAttempt(attempt, 1_000));
    expect(delays).toEqual([30_000, 120_000, 600_000, 900_000, 900_000, null]);
    expect(DELIVERY_MAX_ATTEMPTS).toBe(6);
  });

  it('scales with the time unit so the real sequence can run fast', () => {
    expect(delayAfterAttempt(1, 10)).toBe(300);
    expect(delayAfterAttempt(5, 10)).toBe(9_000);
  });
});
