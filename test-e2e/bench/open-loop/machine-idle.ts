import { readFile } from 'node:fs/promises';

/** The whole machine's CPU time from the first line of /proc/stat, in clock ticks: idle and all of it. */
export interface MachineTicks {
  idle: number;
  total: number;
}

/**
 * Parses /proc/stat's `cpu` line (proc(5): user nice system idle iowait irq softirq steal guest guest_nice). Idle is
 * idle + iowait (a core waiting on I/O could run something else); guest time is already inside user and nice, so it
 * is not added to the total again.
 */
export function parseMachineTicks(procStat: string): MachineTicks {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('no aggregate cpu line in /proc/stat');
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 4 || fields.some((n) => !Number.isFinite(n))) throw new Error(`bad /proc/stat cpu line: ${line}`);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { idle: idle + iowait, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

export async function readMachineTicks(): Promise<MachineTicks> {
  return parseMachineTicks(await readFile('/proc/stat', 'utf8'));
}

/** Share of the whole machine (every core) idle between two readings: the headroom left at the offered rate. */
export function idleShare(before: MachineTicks, after: MachineTicks): number {
  const total = after.total - before.total;
  return total > 0 ? (after.idle - before.idle) / total : Number.NaN;
}
