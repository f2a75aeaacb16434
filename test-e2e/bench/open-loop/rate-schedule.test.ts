import { dueCount, isApiCall, offeredCount, scheduledAtMs, ScheduleKeeping } from './rate-schedule';

describe('open-loop rate schedule', () => {
  it('spaces requests evenly at the offered rate, independent of answers', () => {
    expect(scheduledAtMs(0, 1500)).toBe(0);
    expect(scheduledAtMs(3, 1500)).toBeCloseTo(2, 9);
    expect(scheduledAtMs(1500, 1500)).toBeCloseTo(1000, 9);
    expect(() => scheduledAtMs(1, 0)).toThrow(RangeError);
  });

  it('counts a request as due from its own scheduled time, capped at the run total', () => {
    expect(dueCount(-1, 1000, 10)).toBe(0);
    expect(dueCount(0, 1000, 10)).toBe(1);
    expect(dueCount(0.999, 1000, 10)).toBe(1);
    expect(dueCount(1, 1000, 10)).toBe(2);
    // At its own scheduled time a request is due, though i * 1000 / r * r / 1000 can come out just under i.
    expect(dueCount(scheduledAtMs(15, 700), 700, 1e9)).toBe(16);
    expect(dueCount(scheduledAtMs(1, 333), 333, 1e9)).toBe(2);
    expect(dueCount(60_000, 1000, 10)).toBe(10);
  });

  it('offers rate x seconds requests, one in twenty of them API calls for 5 %', () => {
    expect(offeredCount(1500, 180)).toBe(270_000);
    const api = Array.from({ length: 2000 }, (_, i) => i).filter((i) => isApiCall(i, 20));
    expect(api).toHaveLength(100);
    expect(api[0]).toBe(19);
    expect(isApiCall(5, 0)).toBe(false);
  });

  it('reports late sends, the worst lateness and dropped sends', () => {
    const keeping = new ScheduleKeeping(5);
    keeping.recordSend(100, 101);
    keeping.recordSend(200, 212);
    keeping.recordSend(300, 305);
    keeping.recordDrop();
    expect(keeping).toMatchObject({ sent: 3, late: 1, dropped: 1, maxLatenessMs: 12 });
  });
});
