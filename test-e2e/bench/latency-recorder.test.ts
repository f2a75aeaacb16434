import { LatencyRecorder, percentile } from './latency-recorder';

describe('LatencyRecorder', () => {
  const run = () => {
    const recorder = new LatencyRecorder();
    recorder.record('redirect', 900, 'ok', 100);
    recorder.record('redirect', 3, 'ok', 31_000);
    recorder.record('redirect', 5, '502', 500);
    recorder.record('redirect', 4, '404', 40_000);
    recorder.record('api', 20, 'ok', 35_000);
    return recorder;
  };

  it('cuts the requests due at or after a time into a window of their own, failures included', () => {
    const steady = run().since(30_000);
    expect([...steady.samplesOf('redirect')]).toEqual([3, 4]);
    expect([...steady.samplesOf('api')]).toEqual([20]);
    expect(steady.failuresOf('redirect')).toBe(1);
    expect(steady.failed).toBe(1);
    expect(steady.total).toBe(3);
    expect(steady.lines(10)[0]).toContain('unexpected: 404 x1');
  });

  it('keeps the whole run as it was', () => {
    const recorder = run();
    recorder.since(30_000);
    expect(recorder.total).toBe(5);
    expect(recorder.failed).toBe(2);
    expect(
      percentile(
        [...recorder.samplesOf('redirect')].sort((a, b) => a - b),
        0.99,
      ),
    ).toBe(900);
  });

  it('crosses a process boundary with due times, so the receiver can still cut the window', () => {
    const received = LatencyRecorder.from(JSON.parse(JSON.stringify(run().export())));
    expect(received.total).toBe(5);
    expect([...received.since(30_000).samplesOf('redirect')]).toEqual([3, 4]);
    expect(received.since(30_000).failed).toBe(1);
  });

  it('counts the requests of a class due in a span that got their expected answer', () => {
    const recorder = run();
    expect(recorder.answeredBetween('redirect', 0, 35_000)).toBe(2);
    expect(recorder.answeredBetween('redirect', 30_000, 50_000)).toBe(1);
    expect(recorder.answeredBetween('redirect', 200, 31_000)).toBe(0);
    expect(recorder.answeredBetween('api', 0, 50_000)).toBe(1);
  });
});
