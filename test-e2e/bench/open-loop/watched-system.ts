import type { DirectSystem } from '../../system/support/system';
import { infraRoots, readAllStats, type WatchedProcess } from './proc-sampler';

const GENERATOR = 'load generator';
const BENCH = 'bench process (probes, webhook receiver)';

/** The harness's processes: what a real installation does not run, left out of the system's CPU total. */
export const HARNESS: ReadonlySet<string> = new Set([GENERATOR, BENCH]);

/** A pid snapshot to take before the system starts, so the test kit's shared infrastructure is left out. */
export async function pidsBefore(): Promise<Set<number>> {
  return new Set((await readAllStats()).map((s) => s.pid));
}

/**
 * The processes whose CPU a run reports: the system's services and its own infrastructure (started after `before`),
 * then the harness: the load generator and this process (the probes and the webhook receiver; the services reach
 * Redis and PostgreSQL directly).
 */
export async function watchedProcesses(
  system: DirectSystem,
  generatorPid: number,
  before: ReadonlySet<number>,
): Promise<WatchedProcess[]> {
  return [
    ...[...system.services.values()].map((s) => ({ name: s.name, pid: s.proc.pid, tree: true })),
    ...infraRoots(await readAllStats(), before),
    { name: GENERATOR, pid: generatorPid, tree: false },
    { name: BENCH, pid: process.pid, tree: false },
  ];
}
