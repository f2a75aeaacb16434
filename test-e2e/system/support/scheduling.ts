import { readdir } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type { ServiceName } from './service-process';

/*
 * Visitors first when the host is saturated: the deploy files give the background services (the click consumers and
 * the renderer, whose work can lag and catch up) a quarter of the CPU weight of the visitor path (nginx, redirectors),
 * the API and the infrastructure: docker-compose.yml `cpu_shares: 256` of the default 1024. The production-shape
 * bench gives them the same weight with a nice level once the system is set up, and test-e2e/deploy/scheduling.test.ts
 * keeps the two equal.
 */

/** The services that run in the background tier in docker-compose.yml and deploy/k8s. */
export const BACKGROUND_SERVICES: readonly ServiceName[] = ['analytics-ingest', 'notifier', 'export-renderer'];

/** The nice level whose CFS weight is closest to compose's `cpu_shares: 256` (nice 6: 272 of nice 0's 1024). */
export const BACKGROUND_NICE = 6;

/** The nice level the harness runs a service at when it applies the deploy files' priorities. */
export function niceOf(service: ServiceName): number {
  return BACKGROUND_SERVICES.includes(service) ? BACKGROUND_NICE : 0;
}

/** CFS weight of a nice level relative to nice 0's 1024 (the kernel's table steps by about 1.25 a level). */
export function cpuWeightOfNice(nice: number): number {
  return 1024 / 1.25 ** nice;
}

/** Lowers a running process to `nice`, every thread of it: Linux keeps a nice level per thread, and threads started
 * later inherit the level of the thread that starts them. */
async function reniceProcess(pid: number, nice: number): Promise<void> {
  const threads = await readdir(`/proc/${pid}/task`);
  for (const tid of threads) setPriority(Number(tid), nice);
}

/**
 * Gives the running instances (labelled `notifier-1`, `link-api`...) the priorities of the deploy files. The bench
 * applies them once the system is up and its links are known everywhere: setting up is not what it measures, and on a
 * machine already busy a low priority from the first instruction made a start-up miss its deadline.
 */
export async function applyDeployPriorities(
  instances: Iterable<{ name: string; proc: { pid: number } }>,
): Promise<void> {
  for (const instance of instances) {
    const nice = niceOf(instance.name.replace(/-\d+$/, '') as ServiceName);
    if (nice !== 0) await reniceProcess(instance.proc.pid, nice);
  }
}
