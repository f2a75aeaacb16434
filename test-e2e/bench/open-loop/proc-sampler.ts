import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { parseProcStat, treeTicks, type ProcStat } from './proc-cpu';

/** A process whose CPU the bench reports: a whole tree (postmaster and backends) or the process alone. */
export interface WatchedProcess {
  name: string;
  pid: number;
  tree: boolean;
}

/** The infrastructure the system runs on, by command name, as the bench names it in its report. */
const INFRA_NAMES: Record<string, string> = {
  nginx: 'nginx (gateway)',
  postgres: 'postgres',
  'redis-server': 'redis',
  kcat: 'kafka (mock broker)',
};

/** Every process's stat line; processes that end while being read are left out. */
export async function readAllStats(): Promise<ProcStat[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const stats = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').then(parseProcStat, () => undefined)),
  );
  return stats.filter((s): s is ProcStat => s !== undefined);
}

/** The kernel's clock ticks per second (USER_HZ), in which /proc reports CPU times. */
export function ticksPerSecond(): number {
  try {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return value > 0 ? value : 100;
  } catch {
    return 100;
  }
}

/**
 * The infrastructure processes this process started since `before` (a pid snapshot taken before the system
 * started, so the test kit's shared infrastructure is left out): the topmost process of each known command name.
 */
export function infraRoots(stats: readonly ProcStat[], before: ReadonlySet<number>): WatchedProcess[] {
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const underUs = (s: ProcStat): boolean => {
    for (let at = byPid.get(s.ppid); at; at = byPid.get(at.ppid)) if (at.pid === process.pid) return true;
    return false;
  };
  return stats
    .filter((s) => !before.has(s.pid) && INFRA_NAMES[s.comm] !== undefined && underUs(s))
    .filter((s) => byPid.get(s.ppid)?.comm !== s.comm)
    .map((s) => ({ name: INFRA_NAMES[s.comm] as string, pid: s.pid, tree: true }));
}

/** CPU ticks spent so far by each watched process (its tree, or itself alone), by name. */
export async function sampleTicks(watched: readonly WatchedProcess[]): Promise<Map<string, number>> {
  const stats = await readAllStats();
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const ticks = new Map<string, number>();
  for (const w of watched) {
    const own = byPid.get(w.pid);
    const value = w.tree ? treeTicks(stats, w.pid) : (own?.ownTicks ?? 0);
    ticks.set(w.name, (ticks.get(w.name) ?? 0) + value);
  }
  return ticks;
}
