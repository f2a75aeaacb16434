import { readReportRange } from './report-range';

const now = new Date('2026-03-10T15:20:00Z');

describe('the time parameters of an analytics report', () => {
  it('reads a window as whole UTC buckets and names it', () => {
    expect(readReportRange({ window: '7d' }, now, '24h')).toEqual({
      window: '7d',
      range: { from: new Date('2026-03-04T00:00:00Z'), to: new Date('2026-03-11T00:00:00Z'), granularity: 'day' },
    });
  });

  it('reads from/to as a custom range without a window', () => {
    expect(readReportRange({ from: '2026-03-01', to: '2026-03-02' }, now, '7d')).toEqual({
      range: { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-03T00:00:00Z'), granularity: 'hour' },
    });
  });

  it("falls back to the report's own default window", () => {
    expect(readReportRange({}, now, '24h').window).toBe('24h');
    expect(readReportRange({}, now, '7d').window).toBe('7d');
  });

  it.each([
    [{ window: '1y' }, 'window'],
    [{ window: '7d', from: '2026-03-01' }, 'window'],
    [{ from: 'yesterday' }, 'from'],
  ])('refuses %j with 400 naming %s', (params, path) => {
    expect(() => readReportRange(params, now, '24h')).toThrow(
      expect.objectContaining({ code: 'validation_failed', details: [expect.objectContaining({ path })] }),
    );
  });
});
