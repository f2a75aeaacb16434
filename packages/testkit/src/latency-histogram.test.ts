import { latencyPercentileUs } from './latency-histogram';

describe('latencyPercentileUs', () => {
  it('ranks as wrk does: the smallest latency whose cumulative count reaches round(p/100 * count + 0.5)', () => {
    // 100 answers: 98 at 100 µs, one at 5,000, one at 9,000. p99 ranks the 100th answer (round(99.5) = 100).
    const histogram = [
      [100, 98],
      [5_000, 1],
      [9_000, 1],
    ] as const;
    expect(latencyPercentileUs([histogram], 50)).toBe(100);
    expect(latencyPercentileUs([histogram], 98)).toBe(5_000);
    expect(latencyPercentileUs([histogram], 99)).toBe(9_000);
    expect(latencyPercentileUs([histogram], 100)).toBe(9_000);
  });

  it('takes the percentile of all rounds together, each weighing by its answers', () => {
    // A fast round of 1,000 answers and a slow one of 10: the slow round alone has a p99 of 8 ms, all together 200 µs.
    const fast = [[200, 1_000]] as const;
    const slow = [[8_000, 10]] as const;
    expect(latencyPercentileUs([slow], 99)).toBe(8_000);
    expect(latencyPercentileUs([fast, slow], 99)).toBe(200);
    expect(latencyPercentileUs([fast, slow], 99.5)).toBe(8_000);
  });

  it('adds the counts of a latency that several rounds share, whatever their order', () => {
    expect(
      latencyPercentileUs(
        [
          [
            [300, 1],
            [100, 2],
          ],
          [
            [100, 1],
            [200, 1],
          ],
        ],
        50,
      ),
    ).toBe(100);
    expect(
      latencyPercentileUs(
        [
          [
            [300, 1],
            [100, 2],
          ],
          [
            [100, 1],
            [200, 1],
          ],
        ],
        60,
      ),
    ).toBe(200);
    expect(
      latencyPercentileUs(
        [
          [
            [300, 1],
            [100, 2],
          ],
          [
            [100, 1],
            [200, 1],
          ],
        ],
        80,
      ),
    ).toBe(300);
  });

  it('refuses a percentile out of range and an empty histogram', () => {
    expect(() => latencyPercentileUs([[[100, 1]]], 0)).toThrow(RangeError);
    expect(() => latencyPercentileUs([[[100, 1]]], 101)).toThrow(RangeError);
    expect(() => latencyPercentileUs([[[100, 1]]], Number.NaN)).toThrow(RangeError);
    expect(() => latencyPercentileUs([[], [[100, 0]]], 99)).toThrow(RangeError);
  });
});
