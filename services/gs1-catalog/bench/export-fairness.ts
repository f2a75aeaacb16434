/*
 * The fairness part of npm run bench:export (issue 27): tenant B's one-code export, time from POST to `ready`
 * alone (the baseline) and while tenant A's heavy export renders on the same renderer, and the process's resident
 * memory before, during (peak) and after the heavy export.
 */
import { waitFor } from '@waymark/testkit';

export type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/** Tenant A's heavy export: two 211 mm symbols per code with a 600 dpi PNG copy, each just under the per-symbol limit. */
export const HEAVY_EXPORT = {
  tags: ['heavy'],
  symbologies: ['qr', 'dm'],
  formats: ['svg'],
  sizeMm: 211,
  raster: 'png600',
};
/** The export of the report (4 codes at 1000 mm, png600): now refused at creation. */
const REPORTED_EXPORT = { tags: ['heavy'], sizeMm: 1000, raster: 'png600' };
const SMALL_RUNS = 5;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function untilFinished(call: Call, jobId: string): Promise<Record<string, unknown>> {
  return waitFor(
    async () => {
      // A reused keep-alive socket can be reset by the server meanwhile: that poll simply does not count.
      const current = (await call('GET', `/v1/gs1/exports/${jobId}`).catch(() => undefined))?.body;
      return current?.status === 'ready' || current?.status === 'failed' ? current : undefined;
    },
    { timeoutMs: 600_000, intervalMs: 25 },
  );
}

async function smallJobMs(callB: Call): Promise<number> {
  const started = Date.now();
  const created = await callB('POST', '/v1/gs1/exports', {});
  const job = await untilFinished(callB, String(created.body.jobId));
  if (job.status !== 'ready') throw new Error(`small export ${String(job.status)}: ${String(job.error)}`);
  return Date.now() - started;
}

/** Runs the fairness measurement; `callA` is the tenant whose records tagged `heavy` the heavy export takes. */
export async function benchFairness(callA: Call, callB: Call): Promise<void> {
  const refused = await callA('POST', '/v1/gs1/exports', REPORTED_EXPORT);
  console.log(
    `the reported export (sizeMm 1000, png600): ${refused.status} ${String(refused.body.code)}: ${String(refused.body.error)}`,
  );

  const alone: number[] = [];
  for (let i = 0; i < SMALL_RUNS; i++) alone.push(await smallJobMs(callB));

  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
  const heavyStarted = Date.now();
  const heavy = await callA('POST', '/v1/gs1/exports', HEAVY_EXPORT);
  if (heavy.status !== 202) throw new Error(`heavy export refused: ${JSON.stringify(heavy.body)}`);
  const heavyId = String(heavy.body.jobId);
  await waitFor(
    async () => {
      const job = (await callA('GET', `/v1/gs1/exports/${heavyId}`).catch(() => undefined))?.body as
        { progress?: { done: number } } | undefined;
      return (job?.progress?.done ?? 0) > 0;
    },
    { timeoutMs: 120_000, intervalMs: 50 },
  );
  const underHeavy: number[] = [];
  let heavyStatus: unknown = 'rendering';
  for (let i = 0; i < SMALL_RUNS && heavyStatus === 'rendering'; i++) {
    underHeavy.push(await smallJobMs(callB));
    heavyStatus = (await callA('GET', `/v1/gs1/exports/${heavyId}`)).body.status;
  }
  const heavyJob = await untilFinished(callA, heavyId);
  const heavyMs = Date.now() - heavyStarted;
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssAfter = process.memoryUsage().rss;

  console.log(
    `heavy export of tenant A (${String(heavyJob.count)} codes, QR + DataMatrix at 211 mm with png600): ` +
      `${String(heavyJob.status)} in ${seconds(heavyMs)}`,
  );
  console.log(
    `tenant B's 1-code export, POST to ready: alone median ${seconds(median(alone))} (max ${seconds(Math.max(...alone))}); ` +
      `while A's heavy export renders median ${seconds(median(underHeavy))} (max ${seconds(Math.max(...underHeavy))}, ` +
      `${underHeavy.length} runs)`,
  );
  console.log(
    `resident memory: ${mb(rssBefore)} before, ${mb(rssPeak)} peak during, ${mb(rssAfter)} 2 s after the heavy export`,
  );
}
