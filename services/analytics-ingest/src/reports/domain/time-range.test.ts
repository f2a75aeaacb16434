import { bucketStarts, parseTenantRange, planRange, windowRange } from './time-range';

const NOW = new Date('2025-06-15T12:30:00Z');
const iso = (d: Date) => d.toISOString();

describe('analytics time ranges', () => {
  it('aligns per-link windows to whole UTC hours and days ending with the current one', () => {
    const day = windowRange('24h', NOW);
    expect([iso(day.from), iso(day.to), day.granularity]).toEqual([
      '2025-06-14T13:00:00.000Z',
      '2025-06-15T13:00:00.000Z',
      'hour',
    ]);
    expect(bucketStarts(day)).toHaveLength(24);
    const month = windowRange('30d', NOW);
    expect([iso(month.from), iso(month.to)]).toEqual(['2025-05-17T00:00:00.000Z', '2025-06-16T00:00:00.000Z']);
  });

  it('reads a date as a whole day and a date-time as an instant, with 7-day defaults', () => {
    const dates = parseTenantRange('2025-06-01', '2025-06-01', NOW);
    expect([iso(dates.from), iso(dates.to), dates.granularity]).toEqual([
      '2025-06-01T00:00:00.000Z',
      '2025-06-02T00:00:00.000Z',
      'hour',
    ]);
    const onlyFrom = parseTenantRange('2025-06-01T10:00:00+02:00', undefined, NOW);
    expect([iso(onlyFrom.from), iso(onlyFrom.to)]).toEqual(['2025-06-01T08:00:00.000Z', '2025-06-08T08:00:00.000Z']);
    const none = parseTenantRange(undefined, undefined, NOW);
    expect([iso(none.from), iso(none.to), none.granularity]).toEqual([
      '2025-06-09T00:00:00.000Z',
      '2025-06-16T00:00:00.000Z',
      'day',
    ]);
  });

  it('refuses reversed, unparsable and over-long ranges', () => {
    expect(() => parseTenantRange('2025-06-02', '2025-06-01', NOW)).toThrow(/from/);
    expect(() => parseTenantRange('2025-06-01T10:00:00', undefined, NOW)).toThrow(/ISO 8601/);
    expect(() => parseTenantRange('2024-05-31', '2025-06-01', NOW)).toThrow(/366/);
    expect(() => parseTenantRange('2024-06-01', '2025-06-01', NOW)).not.toThrow();
  });

  it('plans whole days from rollups and partial edges from facts', () => {
    const plan = planRange(parseTenantRange('2025-06-08T12:00:00Z', '2025-06-14T13:00:00Z', NOW), NOW);
    expect(plan.days && [iso(plan.days.from), iso(plan.days.to)]).toEqual([
      '2025-06-09T00:00:00.000Z',
      '2025-06-14T00:00:00.000Z',
    ]);
    expect(plan.edges.map((e) => [iso(e.from), iso(e.to)])).toEqual([
      ['2025-06-08T12:00:00.000Z', '2025-06-09T00:00:00.000Z'],
      ['2025-06-14T00:00:00.000Z', '2025-06-14T13:00:00.000Z'],
    ]);
    // Nothing is stored after now, so a range reaching past it reads today from the rollup.
    const recent = planRange(parseTenantRange('2025-06-10', undefined, NOW), NOW);
    expect(recent.edges).toEqual([]);
  });
});
