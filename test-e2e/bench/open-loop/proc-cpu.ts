/** One line of /proc/<pid>/stat, the fields CPU accounting needs (times in clock ticks). */
export interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime: this process's own CPU. */
  ownTicks: number;
  /** cutime + cstime: CPU of children it has reaped (a PostgreSQL backend that ended, an nginx worker replaced). */
  reapedTicks: number;
}

/** Parses /proc/<pid>/stat; the command name sits in parentheses and may itself contain spaces or parentheses. */
export function parseProcStat(text: string): ProcStat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${text.slice(0, 80)}`);
  // After "pid (comm) ", fields 3 on: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
  // utime stime cutime cstime (proc(5)).
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (n: number) => {
    const value = Number(rest[n - 3]);
    if (!Number.isFinite(value)) throw new Error(`field ${n} of /proc stat is not a number: ${text.slice(0, 80)}`);
    return value;
  };
  return {
    pid: Number(text.slice(0, open).trim()),
    ppid: field(4),
    comm: text.slice(open + 1, close),
    ownTicks: field(14) + field(15),
    reapedTicks: field(16) + field(17),
  };
}

/** Every pid in the tree under `rootPid`, the root included. */
export function treePids(stats: readonly ProcStat[], rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s.pid]);
  const found: number[] = [];
  const queue = stats.some((s) => s.pid === rootPid) ? [rootPid] : [];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * CPU ticks spent so far by a process and everything under it: each live member's own time plus what it has reaped
 * from children that ended, so work of a short-lived child is counted once, in its parent, after it ends.
 */
export function treeTicks(stats: readonly ProcStat[], rootPid: number): number {
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  return treePids(stats, rootPid).reduce((sum, pid) => {
    const s = byPid.get(pid) as ProcStat;
    return sum + s.ownTicks + s.reapedTicks;
  }, 0);
}

/** CPU seconds per 1,000 clicks between two readings of the same process tree. */
export function cpuSecondsPerThousand(
  beforeTicks: number,
  afterTicks: number,
  clicks: number,
  ticksPerSecond: number,
): number {
  if (clicks <= 0) return Number.NaN;
  return ((afterTicks - beforeTicks) / ticksPerSecond / clicks) * 1000;
}
