import { idleShare, parseMachineTicks } from './machine-idle';

describe('machine idle share from /proc/stat', () => {
  const stat = (idle: number, busy: number) =>
    `cpu  ${busy} 0 0 ${idle} 10 0 0 0 5 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 1 2\n`;

  it('counts idle and iowait as idle, every other field as the total, guest time once', () => {
    expect(parseMachineTicks('cpu  100 20 30 400 50 6 4 10 99 1\ncpu0 0 0 0 0\n')).toEqual({
      idle: 450,
      total: 620,
    });
    expect(() => parseMachineTicks('intr 1 2 3\n')).toThrow(/no aggregate cpu line/);
  });

  it('gives the share of the machine idle between two readings', () => {
    const before = parseMachineTicks(stat(1000, 1000));
    const after = parseMachineTicks(stat(1400, 1600));
    expect(idleShare(before, after)).toBeCloseTo(0.4, 9);
    expect(idleShare(before, before)).toBeNaN();
  });
});
