import { combineLags, judgeLag, lagKey, lagLimitsFor, lagSlope, parseLagMetrics, type LagPoint } from './lag-math';

const exposition = [
  '# HELP event_consumer_lag_messages Messages not yet handled',
  '# TYPE event_consumer_lag_messages gauge',
  'event_consumer_lag_messages{topic="clicks.v1",group="analytics-ingest",partition="0"} 120',
  'event_consumer_lag_messages{group="analytics-ingest",partition="1",topic="clicks.v1"} 30',
  'event_messages_handled_total{topic="clicks.v1",group="analytics-ingest"} 99999',
].join('\n');

const line = (perS: number, base: number, seconds: number): LagPoint[] =>
  Array.from({ length: seconds / 3 + 1 }, (_, i) => ({ atS: i * 3, lag: base + perS * i * 3 }));

describe('consumer lag over a run', () => {
  it('reads the lag gauge per partition from a Prometheus exposition, labels in any order', () => {
    expect(parseLagMetrics(exposition)).toEqual([
      { topic: 'clicks.v1', group: 'analytics-ingest', partition: '0', lag: 120 },
      { topic: 'clicks.v1', group: 'analytics-ingest', partition: '1', lag: 30 },
    ]);
  });

  it("adds a group's partitions over its instances, counting a partition two instances report once", () => {
    const lags = combineLags([
      { service: 'notifier-1', lags: [{ topic: 'clicks.v1', group: 'notifier', partition: '0', lag: 10 }] },
      {
        service: 'notifier-2',
        lags: [
          { topic: 'clicks.v1', group: 'notifier', partition: '0', lag: 14 },
          { topic: 'clicks.v1', group: 'notifier', partition: '1', lag: 6 },
        ],
      },
      { service: 'redirector-1', lags: [{ topic: 'links.v1', group: 'broadcast', partition: '0', lag: 3 }] },
    ]);
    expect(lags.get(lagKey('notifier', 'clicks.v1'))).toBe(20);
    expect(lags.get(lagKey('redirector-1 (broadcast)', 'links.v1'))).toBe(3);
  });

  it('measures the slope over the last half of the run only', () => {
    // Flat at 500 for 60 s after a 60 s climb: the tail is flat.
    const points = [...line(10, 0, 60), ...line(0, 600, 60).map((p) => ({ ...p, atS: p.atS + 63 }))];
    expect(lagSlope(points)).toBeCloseTo(0, 6);
    expect(lagSlope(line(25, 100, 90))).toBeCloseTo(25, 6);
    expect(lagSlope([{ atS: 0, lag: 1 }])).toBeNaN();
  });

  it('calls a lag bounded when its tail neither grows nor ends too far behind', () => {
    const limits = lagLimitsFor(1500);
    expect(limits).toEqual({ tolerancePerS: 15, floor: 1500, maxLag: 7500 });
    expect(judgeLag(line(0, 200, 90), limits)).toMatchObject({ bounded: true, last: 200 });
    expect(judgeLag(line(40, 0, 90), limits)).toMatchObject({ bounded: false, reason: 'grows', last: 3600 });
    expect(judgeLag(line(0, 9000, 90), limits)).toMatchObject({ bounded: false, reason: 'ends too far behind' });
    expect(judgeLag([], limits)).toMatchObject({ bounded: false, reason: 'too few samples' });
  });

  it('lets a small lag saw-tooth upwards without calling it growing', () => {
    // 12 messages a second for 90 s ends at 1080, under one second of clicks at 1500/s.
    expect(judgeLag(line(12, 0, 90), { ...lagLimitsFor(1500), tolerancePerS: 5 })).toMatchObject({ bounded: true });
    expect(judgeLag(line(12, 600, 90), { ...lagLimitsFor(1500), tolerancePerS: 5 })).toMatchObject({ bounded: false });
  });
});
