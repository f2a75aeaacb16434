import { startGateway, upstreamOf } from '../../system/support/gateway';
import type { DirectSystem } from '../../system/support/system';
import { percentile } from '../latency-recorder';
import { startBareServer } from '../one-instance-ratio';
import type { GeneratorRun, LoadGenerator } from './load-generator';
import { readAllStats, infraRoots, sampleTicks, ticksPerSecond, type WatchedProcess } from './proc-sampler';
import { cpuSecondsPerThousand } from './proc-cpu';
import { idleShare, readMachineTicks, type MachineTicks } from './machine-idle';

export interface BaselineResult {
  /** Over the window after the warm-up. */
  p50Ms: number;
  p99Ms: number;
  /** Over the whole run, warm-up included. */
  wholeRunP99Ms: number;
  sent: number;
  dropped: number;
  failed: number;
  /** CPU of nginx and the bare server together, per 1,000 redirects. */
  cpuPerThousand: number;
  /** Share of the whole machine idle over the window after the warm-up. */
  idleShare: number;
}

/**
 * The same offered rate of redirects through a second nginx with the gateway's configuration whose redirect upstream
 * is a bare node:http 302 server: what the gateway and the machine cost before any of the system's work. Measured
 * after the same warm-up as the system's run, since a cold nginx, server and generator have a start of their own.
 */
export async function runBaseline(
  system: DirectSystem,
  generator: LoadGenerator,
  load: Omit<GeneratorRun, 'gatewayPort' | 'apiEvery'>,
  warmupS: number,
): Promise<BaselineResult> {
  const bare = await startBareServer();
  const ports = (prefix: string) =>
    upstreamOf(
      [...system.services.values()].filter((s) => s.name.startsWith(prefix)).map((s) => `127.0.0.1:${s.port}`),
    );
  const before = new Set((await readAllStats()).map((s) => s.pid));
  const gateway = await startGateway({
    LINK_API_UPSTREAM: ports('link-api'),
    ANALYTICS_UPSTREAM: ports('analytics-ingest'),
    NOTIFIER_UPSTREAM: ports('notifier'),
    GS1_CATALOG_UPSTREAM: ports('gs1-catalog'),
    REDIRECTOR_UPSTREAM: `127.0.0.1:${bare.port}`,
  });
  try {
    const watched: WatchedProcess[] = [
      ...infraRoots(await readAllStats(), before).map((w) => ({ ...w, name: 'baseline' })),
      { name: 'baseline', pid: bare.pid, tree: false },
    ];
    const startTicks = (await sampleTicks(watched)).get('baseline') ?? 0;
    const seconds = warmupS + load.seconds;
    let machineBefore: Promise<MachineTicks> | undefined;
    const windowOpens = setTimeout(() => (machineBefore = readMachineTicks()), warmupS * 1000);
    const { load: result, recorder } = await generator.run({
      ...load,
      seconds,
      gatewayPort: gateway.port,
      apiEvery: 0,
    });
    const endTicks = (await sampleTicks(watched)).get('baseline') ?? 0;
    const machineAfter = await readMachineTicks();
    clearTimeout(windowOpens);
    const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
    const latencies = sorted(recorder.since(warmupS * 1000).samplesOf('redirect'));
    return {
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      wholeRunP99Ms: percentile(sorted(recorder.samplesOf('redirect')), 0.99),
      sent: result.keeping.sent,
      dropped: result.keeping.dropped,
      failed: result.keeping.sent - result.redirectsOk,
      cpuPerThousand: cpuSecondsPerThousand(startTicks, endTicks, result.redirectsOk, ticksPerSecond()),
      idleShare: machineBefore ? idleShare(await machineBefore, machineAfter) : Number.NaN,
    };
  } finally {
    await gateway.stop();
    bare.stop();
  }
}
