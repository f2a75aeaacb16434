import { gcra, gcraParams } from './gcra';

describe('gcra', () => {
  const fivePerSecond = gcraParams({ limit: 5, windowMs: 1000 });

  function run(times: number[], params = fivePerSecond) {
    let tat: number | undefined;
    return times.map((now) => {
      const outcome = gcra(tat, now, params);
      if (outcome.newTatMs !== undefined) tat = outcome.newTatMs;
      return outcome.decision;
    });
  }

  it('lets a full burst through from idle, counting remaining down to zero', () => {
    const decisions = run([0, 0, 0, 0, 0]);
    expect(decisions.map((d) => [d.allowed, d.remaining, d.resetMs])).toEqual([
      [true, 4, 200],
      [true, 3, 400],
      [true, 2, 600],
      [true, 1, 800],
      [true, 0, 1000],
    ]);
  });

  it('denies the request after the burst and says exactly when the next one passes', () => {
    const [, , , , , denied, early, onTime] = run([0, 0, 0, 0, 0, 50, 199, 200]);
    expect(denied).toEqual({ allowed: false, limit: 5, remaining: 0, resetMs: 950, retryAfterMs: 150 });
    expect(early?.allowed).toBe(false);
    expect(onTime).toMatchObject({ allowed: true, remaining: 0, resetMs: 1000 });
  });

  it('restores the whole quota after resetMs', () => {
    const decisions = run([0, 0, 0, 1000]);
    expect(decisions[3]).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('charges a cost in whole requests', () => {
    const [first, second] = run([0, 0], gcraParams({ limit: 5, windowMs: 1000 }, 3));
    expect(first).toMatchObject({ allowed: true, remaining: 2 });
    expect(second).toMatchObject({ allowed: false, remaining: 2, retryAfterMs: 200 });
  });

  it('counts remaining right when the window does not divide evenly', () => {
    const [first] = run([0], gcraParams({ limit: 3, windowMs: 1000 }));
    expect(first?.remaining).toBe(2);
  });

  it('allows a burst larger than the steady rate', () => {
    const decisions = run([0, 0, 0], gcraParams({ limit: 1, windowMs: 1000, burst: 3 }));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true]);
    expect(decisions[2]).toMatchObject({ remaining: 0, resetMs: 3000 });
  });

  it('refuses invalid policies and costs larger than the burst', () => {
    expect(() => gcraParams({ limit: 0, windowMs: 1000 })).toThrow();
    expect(() => gcraParams({ limit: 5, windowMs: 1000 }, 6)).toThrow(RangeError);
  });
});
