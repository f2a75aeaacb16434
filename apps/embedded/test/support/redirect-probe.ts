import { fork } from 'node:child_process';
import { join } from 'node:path';

const RUN_TS = require.resolve('@waymark/runtime/run-ts');

export interface ProbeStart {
  port: number;
  host: string;
  path: string;
  /** Where every visit must be sent: anything else is a wrong answer. */
  location: string;
  perSecond: number;
}

export interface ProbeReport {
  sent: number;
  answered: number;
  /** Of the right answers (302 to `location`), send to end. */
  latenciesMs: number[];
  /** Every other outcome (status and Location, or the error's code) with its count. */
  wrong: Record<string, number>;
  /** How far the probe's own sending fell behind its schedule at worst: its own delay, not the redirector's. */
  maxLateMs: number;
  /** The p99 of the probe's own event-loop delay: how much of the latencies the probe's host added. */
  ownDelayP99Ms: number;
}

export interface RedirectProbe {
  stop(): Promise<ProbeReport>;
}

/** Starts open-loop visits at a fixed rate from a process of its own (redirect-probe-process.ts). */
export async function startRedirectProbe(start: ProbeStart): Promise<RedirectProbe> {
  const child = fork(RUN_TS, [join(__dirname, 'redirect-probe-process.ts')], { stdio: 'inherit' });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the redirect probe exited with ${code}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  child.send({ type: 'start', start });
  return {
    async stop() {
      const report = new Promise<ProbeReport>((resolve) => child.once('message', (m) => resolve(m as ProbeReport)));
      child.send({ type: 'stop' });
      return Promise.race([report, exited]);
    },
  };
}

/** The p-th percentile (0 < p < 100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
