import { setTimeout as sleep } from 'node:timers/promises';
import { ClickProbes, type ProbeLatencies } from '../click-probes';
import type { LatencyRecorder } from '../latency-recorder';
import type { DirectSystem } from '../../system/support/system';
import type { Tenant } from '../../system/support/tenant';
import type { LagPoint } from './lag-math';
import { LagSampler } from './lag-sampler';
import type { LoadGenerator } from './load-generator';
import type { OpenLoopResult } from './open-loop-load';
import { idleShare, readMachineTicks } from './machine-idle';
import { sampleTicks, type WatchedProcess } from './proc-sampler';

export interface LoadWindowOptions {
  system: DirectSystem;
  generator: LoadGenerator;
  /** The tenant's short domain, its API key and the codes to redirect. */
  host: string;
  apiKey: string;
  codes: readonly string[];
  ratePerSecond: number;
  /** Length of the steady window, measured after the warm-up. */
  seconds: number;
  /** Seconds of load at the same rate before the steady window (latencies, CPU, probes) opens. */
  warmupS: number;
  connections: number;
  maxInFlight: number;
  lagEveryMs: number;
  /** An answer slower than this counts as a timeout (the generator's default otherwise). */
  timeoutMs?: number;
  /** Processes whose CPU is read at the start and end of the steady window; none for a search step. */
  watched: readonly WatchedProcess[];
  /** Probe clicks to make during the load, with the tenant and hook path they report to. */
  probes?: { tenant: Tenant; hookPath: string; codes: readonly string[]; graceMs: number };
}

export interface LoadWindowResult {
  load: OpenLoopResult;
  /** Every request of the run, warm-up included. */
  recorder: LatencyRecorder;
  /** The requests due in the steady window. */
  steady: LatencyRecorder;
  lags: Map<string, LagPoint[]>;
  cpuBefore: Map<string, number>;
  cpuAfter: Map<string, number>;
  /** Length of the steady window (for CPU) and the clicks (redirects answered 302) due in it. */
  windowS: number;
  windowClicks: number;
  /** Share of the whole machine idle over the steady window (/proc/stat). */
  idleShare: number;
  probes?: ProbeLatencies;
}

/**
 * One open-loop run with everything measured around it: a warm-up at the offered rate, then the steady window whose
 * latencies are reported; consumer lag sampled throughout, CPU of every watched process at the start and end of the
 * steady window, and probe clicks made in the steady window, timed to their webhook and analytics arrival.
 * Every process starts cold (JIT, pools, caches, consumer groups filling their first fetches), as the bare 302
 * baseline shows too; the warm-up keeps that start from being reported as the rate's steady behaviour.
 */
export async function runLoadWindow(opts: LoadWindowOptions): Promise<LoadWindowResult> {
  const services = [...opts.system.services.values()].map((s) => ({ name: s.name, port: s.port }));
  const sampler = new LagSampler(services, opts.lagEveryMs);
  const probes = opts.probes && new ClickProbes(opts.system, opts.probes.tenant, opts.probes.hookPath);
  sampler.start();
  const startedAt = performance.now();
  let windowFromMs = opts.warmupS * 1000;
  const windowStart = new Promise<[Map<string, number>, Awaited<ReturnType<typeof readMachineTicks>>]>((resolve) =>
    setTimeout(() => {
      windowFromMs = performance.now() - startedAt;
      resolve(Promise.all([sampleTicks(opts.watched), readMachineTicks()]));
    }, opts.warmupS * 1000),
  );
  const probeEveryMs = opts.probes ? Math.max(250, (opts.seconds * 1000) / opts.probes.codes.length) : 0;
  const { host, apiKey, codes, ratePerSecond, connections, maxInFlight } = opts;
  const gatewayPort = opts.system.gateway.port;
  const seconds = opts.warmupS + opts.seconds;
  const run = {
    ...{ gatewayPort, host, apiKey, codes, ratePerSecond, seconds, connections, maxInFlight, apiEvery: 20 },
    timeoutMs: opts.timeoutMs,
  };
  const steadyProbes = async () => {
    await sleep(opts.warmupS * 1000);
    await probes?.run(opts.probes?.codes ?? [], probeEveryMs, Date.now() + opts.seconds * 1000);
  };
  let outcome: Awaited<ReturnType<LoadGenerator['run']>>;
  try {
    [outcome] = await Promise.all([opts.generator.run(run), steadyProbes()]);
  } catch (error) {
    await sampler.stop();
    throw error;
  }
  const { load, recorder } = outcome;
  const [cpuAfter, machineAfter] = await Promise.all([sampleTicks(opts.watched), readMachineTicks()]);
  const windowToMs = performance.now() - startedAt;
  const lags = await sampler.stop();
  const [cpuBefore, machineBefore] = await windowStart;
  return {
    load,
    recorder,
    steady: recorder.since(opts.warmupS * 1000),
    lags,
    cpuBefore,
    cpuAfter,
    idleShare: idleShare(machineBefore, machineAfter),
    windowS: (windowToMs - windowFromMs) / 1000,
    windowClicks: recorder.answeredBetween('redirect', windowFromMs, windowToMs),
    // Consumers that fell behind drain after the load; the grace lets the probe latencies show how far.
    probes: await probes?.results(opts.probes?.graceMs ?? 0),
  };
}
