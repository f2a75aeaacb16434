import { highestHoldingRate, stepHolds, stepRates, type StepOutcome } from './rate-search';

const step = (rate: number, redirectP99Ms: number, lagsBounded = true, failed = 0): StepOutcome => ({
  rate,
  redirectP99Ms,
  lagsBounded,
  failed,
});

describe('rate search', () => {
  it('steps the offered rate over the range, the top included', () => {
    expect(stepRates(500, 1500, 250)).toEqual([500, 750, 1000, 1250, 1500]);
    expect(stepRates(500, 1400, 250)).toEqual([500, 750, 1000, 1250]);
    expect(() => stepRates(0, 100, 10)).toThrow(RangeError);
  });

  it('lets a step hold only with p99 under the limit, bounded lags and nothing failed', () => {
    expect(stepHolds(step(1000, 12), 50)).toBe(true);
    expect(stepHolds(step(1000, 50), 50)).toBe(false);
    expect(stepHolds(step(1000, 12, false), 50)).toBe(false);
    expect(stepHolds(step(1000, 12, true, 3), 50)).toBe(false);
  });

  it('finds the top of the unbroken run of holding steps', () => {
    const outcomes = [step(1000, 30), step(500, 10), step(1250, 80), step(1500, 40), step(750, 20)];
    expect(highestHoldingRate(outcomes, 50)).toBe(1000);
    expect(highestHoldingRate([step(500, 10, false)], 50)).toBeUndefined();
  });
});
