import { cpuSecondsPerThousand, parseProcStat, treePids, treeTicks, type ProcStat } from './proc-cpu';

// A real line's shape: 52 fields, utime/stime/cutime/cstime at 14-17, a command name with a space and a parenthesis.
const line = (pid: number, comm: string, ppid: number, utime: number, stime: number, cutime = 0, cstime = 0) =>
  `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194560 1500 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0 ` +
  '3050 1093632 371 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0';

describe('CPU per 1,000 clicks from /proc', () => {
  it('reads own and reaped ticks and the parent from a stat line, whatever the command name holds', () => {
    expect(parseProcStat(line(4242, 'nginx: worker (x)', 4200, 700, 300, 50, 25))).toEqual({
      pid: 4242,
      ppid: 4200,
      comm: 'nginx: worker (x)',
      ownTicks: 1000,
      reapedTicks: 75,
    });
    expect(() => parseProcStat('garbage')).toThrow();
  });

  it('sums a process tree (postmaster and its backends), leaving other processes out', () => {
    const stats: ProcStat[] = [
      parseProcStat(line(10, 'postgres', 1, 100, 50, 30, 0)),
      parseProcStat(line(11, 'postgres', 10, 400, 100)),
      parseProcStat(line(12, 'postgres', 10, 200, 0)),
      parseProcStat(line(13, 'psql-child', 12, 5, 5)),
      parseProcStat(line(20, 'redis-server', 1, 999, 999)),
    ];
    expect(treePids(stats, 10).sort()).toEqual([10, 11, 12, 13]);
    expect(treeTicks(stats, 10)).toBe(150 + 30 + 500 + 200 + 10);
    expect(treeTicks(stats, 99)).toBe(0);
  });

  it('divides the CPU seconds between two samples by the clicks in between', () => {
    // 1,200 ticks at 100 Hz = 12 CPU s over 60,000 clicks = 0.2 s per 1,000.
    expect(cpuSecondsPerThousand(3_000, 4_200, 60_000, 100)).toBeCloseTo(0.2, 9);
    expect(cpuSecondsPerThousand(0, 100, 0, 100)).toBeNaN();
  });
});
