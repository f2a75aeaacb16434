import type { DirectSystem } from '../../system/support/system';
import type { Tenant } from '../../system/support/tenant';
import { HOOK_PATH, startBenchSystem } from '../bench-system';
import { startLoadGenerator, type LoadGenerator } from './load-generator';
import { runLoadWindow } from './load-window';
import type { WatchedProcess } from './proc-sampler';
import { pidsBefore, watchedProcesses } from './watched-system';

/** What every open-loop bench runs against: the system, its bench tenant, the load generator and the watched pids. */
export interface OpenLoopBench {
  system: DirectSystem;
  tenant: Tenant;
  generator: LoadGenerator;
  watched: WatchedProcess[];
}

/**
 * Starts the bench system and the load generator once for the file and stops them after it. The pids that ran
 * before are read first, so the watched processes are the system's own and not the machine's other work.
 */
export function useOpenLoopBench(): OpenLoopBench {
  const bench = {} as OpenLoopBench;
  beforeAll(async () => {
    const before = await pidsBefore();
    ({ system: bench.system, tenant: bench.tenant } = await startBenchSystem());
    bench.generator = await startLoadGenerator();
    bench.watched = await watchedProcesses(bench.system, bench.generator.pid, before);
  }, 300_000);
  afterAll(async () => {
    bench.generator?.stop();
    await bench.system?.stop();
  }, 120_000);
  return bench;
}

/** A bench's knob from the environment: a positive number, or the run stops naming the variable. */
export function positiveEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, got ${process.env[name]}`);
  return value;
}

/**
 * The knobs every fixed-rate run shares: the measured window, the warm-up before it, the bare-302 baseline's length
 * and the visitor sockets, each from the environment (BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_BASELINE_SECONDS,
 * BENCH_CONNECTIONS) over the bench's own defaults.
 */
export function windowKnobs(defaults: { seconds: number; warmupS: number }) {
  return {
    seconds: positiveEnv('BENCH_SECONDS', defaults.seconds),
    warmupS: positiveEnv('BENCH_WARMUP_SECONDS', defaults.warmupS),
    baselineS: positiveEnv('BENCH_BASELINE_SECONDS', 20),
    connections: positiveEnv('BENCH_CONNECTIONS', 256),
  };
}

/**
 * The offered load through the gateway at `ratePerSecond`: the tenant's codes over `connections` visitor sockets. In
 * flight beyond two seconds of the offered rate, the system is not keeping up: further sends are dropped.
 */
export function gatewayLoad(tenant: Tenant, codes: readonly string[], ratePerSecond: number, connections: number) {
  return {
    host: tenant.domain,
    apiKey: tenant.key,
    codes,
    ratePerSecond,
    connections,
    maxInFlight: Math.max(1000, ratePerSecond * 2),
  };
}

/**
 * One fixed-rate window with probe clicks made in it, lag sampled every 3 s and the watched processes' CPU read
 * around it; the probes report to the bench tenant's hook and are waited for up to `graceMs` after the load.
 */
export async function runProbedWindow(
  bench: OpenLoopBench,
  load: ReturnType<typeof gatewayLoad> & { timeoutMs?: number },
  window: { seconds: number; warmupS: number },
  probeCodes: readonly string[],
  graceMs: number,
) {
  const { system, generator, watched, tenant } = bench;
  const run = await runLoadWindow({
    ...load,
    system,
    generator,
    seconds: window.seconds,
    warmupS: window.warmupS,
    lagEveryMs: 3000,
    watched,
    probes: { tenant, hookPath: HOOK_PATH, codes: probeCodes, graceMs },
  });
  return { ...run, probes: run.probes as NonNullable<typeof run.probes> };
}
