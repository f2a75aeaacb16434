import { readdirSync, readFileSync } from 'node:fs';

interface Stat {
  pid: number;
  ppid: number;
  ticks: number;
}

/** utime + stime + cutime + cstime of a /proc stat line (proc(5) fields 14-17). */
function parse(text: string): Stat {
  const close = text.lastIndexOf(')');
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/)
    .map(Number);
  return {
    pid: Number(text.slice(0, text.indexOf('(')).trim()),
    ppid: rest[1] ?? 0,
    ticks: rest.slice(11, 15).reduce((a, b) => a + b, 0),
  };
}

function allStats(): Stat[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        return [parse(readFileSync(`/proc/${pid}/stat`, 'utf8'))];
      } catch {
        return [];
      }
    });
}

/**
 * CPU ticks (USER_HZ, 100 a second on Linux) spent so far by a process and everything under it: a PostgreSQL
 * postmaster with its backends, counting backends that ended through their parent's reaped times.
 */
export function treeTicks(rootPid: number): number {
  const stats = allStats();
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const root = stats.find((s) => s.pid === rootPid);
  if (!root) return 0;
  let sum = 0;
  const queue = [root];
  while (queue.length > 0) {
    const s = queue.shift() as Stat;
    sum += s.ticks;
    queue.push(...(children.get(s.pid) ?? []));
  }
  return sum;
}

/** The pid of the process whose command line holds every one of `parts` (the first found). */
export function findPid(parts: string[]): number | undefined {
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (parts.every((part) => args.includes(part))) return Number(pid);
    } catch {
      // ended while being read
    }
  }
  return undefined;
}
