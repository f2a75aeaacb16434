/*
 * `npm run bench:redirector` (issue 4): bare node:http 302 baseline vs the redirector with 100,000 links and click
 * emission on, same load (wrk, 64 connections, random codes) in alternating rounds after one warm-up round of each;
 * then memory and ready time of a fresh instance with 1,000,000 links on the links topic. Servers run in child
 * processes so the benchmark does not share their event loop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { z } from 'zod';
import { workerEntry } from '@waymark/http';
import {
  latencyPercentileUs,
  runMain,
  startKafkaMock,
  wrkLoader,
  type LoadRound,
  type WrkLoad,
} from '@waymark/testkit';
import { benchCode, benchTenant } from './bench-links';
import type { CpuSample } from './cpu-sample';

/** The bench's knobs, refused with a clear message when malformed rather than handed to wrk as NaN. */
const benchEnv = z
  .object({
    BENCH_DURATION_S: z.coerce.number().int().positive().default(5),
    BENCH_ROUNDS: z.coerce.number().int().positive().default(3),
    /** An unmeasured round per server first: JIT, first touch of every link, the producer's first batches. */
    BENCH_WARMUP_S: z.coerce.number().int().nonnegative().default(5),
    /** wrk threads: one keeps up with either server here and leaves the most of the second core to the servers. */
    BENCH_WRK_THREADS: z.coerce.number().int().positive().default(1),
    BENCH_CLICK_SINK: z.enum(['kafka', 'discard']).default('kafka'),
  })
  .parse(process.env);
const DURATION_S = benchEnv.BENCH_DURATION_S;
const ROUNDS = benchEnv.BENCH_ROUNDS;
const WARMUP_S = benchEnv.BENCH_WARMUP_S;
const WRK_THREADS = benchEnv.BENCH_WRK_THREADS;
const CONNECTIONS = 64;

interface Child {
  process: ChildProcess;
  port: number;
  ready: Promise<Record<string, number>>;
}

/** The child's CPU use so far (see cpu-sample.ts). */
function cpuOf(child: Child): Promise<CpuSample> {
  return new Promise((resolve) => {
    const onMessage = (message: { cpu?: CpuSample }) => {
      if (!message.cpu) return;
      child.process.off('message', onMessage);
      resolve(message.cpu);
    };
    child.process.on('message', onMessage);
    child.process.send('cpu');
  });
}

/** A load round with the CPU the server used during it, and its length. */
interface MeasuredRound extends LoadRound {
  readonly cpuUs: number;
  readonly mainThreadUs: number | null;
  readonly mainThreadWaitUs: number | null;
  /** CPU of the process's other threads in the round, busiest first (threads that ended during it are missing). */
  readonly otherThreadsUs: number[];
  readonly wallUs: number;
}

const between = (before: number | null, after: number | null) =>
  before === null || after === null ? null : after - before;

/** Each thread's CPU between two samples but the event loop's, busiest first (a thread started meanwhile from 0). */
function otherThreads(before: CpuSample, after: CpuSample, mainTid: number): number[] {
  return Object.entries(after.threadsUs)
    .filter(([tid]) => tid !== String(mainTid))
    .map(([tid, us]) => us - (before.threadsUs[tid] ?? 0))
    .sort((a, b) => b - a);
}

/** The redirector's /metrics (Prometheus text). */
async function metricsOf(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}

/**
 * The redirector's count of visitor answers other than 302 so far, from its /metrics (redirector_visits_total by
 * status). wrk counts only the answers of 400 and above itself (see wrkLoader's everyStatus); this catches the rest.
 */
async function notRedirects(port: number): Promise<number> {
  const text = await metricsOf(port);
  let count = 0;
  for (const match of text.matchAll(/^redirector_visits_total\{status="(\d+)"\} (\d+)/gm))
    if (match[1] !== '302') count += Number(match[2]);
  return count;
}

/** A round of load on the child; `countNotRedirects` for the redirector, whose /metrics counts its answers by status. */
async function measured(child: Child, load: WrkLoad, countNotRedirects = false): Promise<MeasuredRound> {
  const badBefore = countNotRedirects ? await notRedirects(child.port) : 0;
  const before = await cpuOf(child);
  const started = performance.now();
  const round = await load(child.port);
  const wallUs = (performance.now() - started) * 1000;
  const after = await cpuOf(child);
  const badAfter = countNotRedirects ? await notRedirects(child.port) : 0;
  return {
    ...round,
    bad: round.bad + badAfter - badBefore,
    cpuUs: after.processUs - before.processUs,
    mainThreadUs: between(before.mainThreadUs, after.mainThreadUs),
    mainThreadWaitUs: between(before.mainThreadWaitUs, after.mainThreadWaitUs),
    otherThreadsUs: otherThreads(before, after, child.process.pid ?? -1),
    wallUs,
  };
}

/** `profile`: the child writes a CPU profile there from ready to exit (BENCH_CPU_PROFILE, for the measured redirector). */
function startChild(args: string[], profile = ''): Promise<Child> {
  const env = { ...process.env, BENCH_CPU_PROFILE: profile };
  const server = workerEntry(__filename, 'bench-server');
  const child = fork(server.script, [...server.argv, ...args], {
    env,
    execArgv: ['--expose-gc', '--max-old-space-size=4096'],
  });
  return new Promise((resolve, reject) => {
    let resolveReady: (m: Record<string, number>) => void;
    const ready = new Promise<Record<string, number>>((r) => (resolveReady = r));
    child.on('message', (message: Record<string, number>) => {
      if (message.port !== undefined) resolve({ process: child, port: message.port, ready });
      if (message.ready) resolveReady(message);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Asks a server to exit (so it can write a profile, see bench-server.ts) and waits until it has. */
function stopChild(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.send('exit');
  });
}

/** The redirector's count of click events Kafka acknowledged, from its /metrics. */
async function clicksPublished(port: number): Promise<number> {
  const text = await metricsOf(port);
  const match = /^redirector_clicks_published_total\{[^}]*\} (\d+)/m.exec(text);
  if (!match) throw new Error('redirector_clicks_published_total is missing from /metrics');
  return Number(match[1]);
}

interface Summary {
  rate: number;
  /** Server CPU per request, whole process and event-loop thread alone (µs). */
  cpuPerRequest: number;
  mainPerRequest: number | null;
  total: number;
  /** p50 and p99 of every measured answer of every round together (ms); and the worst round's own p99. */
  p50: number;
  p99: number;
  worstP99: number;
  bad: number;
}

const perRequest = (us: number | null, requests: number) => (us === null ? 'n/a' : (us / requests).toFixed(1));
/** Share of the round the event loop spent on a CPU, and waiting for one. */
const share = (us: number | null, round: MeasuredRound) =>
  us === null ? 'n/a' : `${Math.round((100 * us) / round.wallUs)} %`;

function summarize(rounds: MeasuredRound[]): Summary {
  const total = rounds.reduce((sum, r) => sum + r.requests, 0);
  const mains = rounds.map((r) => r.mainThreadUs);
  return {
    rate: rounds.reduce((sum, r) => sum + r.rate, 0) / rounds.length,
    cpuPerRequest: rounds.reduce((sum, r) => sum + r.cpuUs, 0) / total,
    mainPerRequest: mains.includes(null) ? null : mains.reduce((sum: number, us) => sum + (us ?? 0), 0) / total,
    total,
    p50:
      latencyPercentileUs(
        rounds.map((r) => r.latencyUs),
        50,
      ) / 1000,
    p99:
      latencyPercentileUs(
        rounds.map((r) => r.latencyUs),
        99,
      ) / 1000,
    worstP99: Math.max(...rounds.map((r) => r.p99Ms)),
    bad: rounds.reduce((sum, r) => sum + r.bad, 0),
  };
}

const line = (name: string, r: Summary) =>
  `${name.padEnd(12)} ${Math.round(r.rate).toString().padStart(8)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms (all rounds; worst round ${r.worstP99.toFixed(2)} ms)   not 302 ${r.bad}`;
const cpuLine = (name: string, r: Summary) =>
  `${name.padEnd(12)} ${r.cpuPerRequest.toFixed(1).padStart(6)} µs of CPU per request, ${r.mainPerRequest === null ? 'n/a' : r.mainPerRequest.toFixed(1)} µs of it on the event-loop thread`;
const roundLine = (name: string, index: number, r: MeasuredRound) =>
  `${`${name} ${index + 1}`.padEnd(14)} ${Math.round(r.rate).toString().padStart(8)} req/s   p99 ${r.p99Ms.toFixed(2).padStart(6)} ms   ` +
  `${perRequest(r.cpuUs, r.requests).padStart(5)} µs CPU/req (event loop ${perRequest(r.mainThreadUs, r.requests)})   ` +
  `event loop on a CPU ${share(r.mainThreadUs, r)}, waiting for one ${share(r.mainThreadWaitUs, r)}` +
  otherThreadsText(r);

/** The other threads' CPU per request: the busiest (in the redirector, the click producer thread), the next, the rest. */
function otherThreadsText(r: MeasuredRound): string {
  const [busiest = 0, next = 0, ...rest] = r.otherThreadsUs;
  if (r.otherThreadsUs.length === 0) return '';
  const restUs = rest.reduce((sum, us) => sum + us, 0);
  return `   other threads ${perRequest(busiest, r.requests)} + ${perRequest(next, r.requests)} + ${perRequest(restUs, r.requests)} µs/req (busiest, next, rest)`;
}

async function main(): Promise<void> {
  const kafka = await startKafkaMock();
  const host = benchTenant().defaultDomain;
  const codes = Array.from({ length: 100_000 }, (_, i) => benchCode(i));
  // wrk counts answers of 400 and above itself; the redirector's other non-302 answers are read from its /metrics
  // around each round (notRedirects), and the baseline answers nothing but a 302. Checking every status in wrk's Lua
  // would cost the load generator CPU on the cores the servers use.
  const load = wrkLoader({
    codes,
    host,
    connections: CONNECTIONS,
    threads: WRK_THREADS,
    durationS: DURATION_S,
    everyStatus: false,
  });

  // Both servers run side by side and are loaded in alternating rounds, so that whatever else the machine does
  // weighs on both sides of the ratio alike.
  const base = await startChild(['baseline']);
  const red = await startChild(['redirector', kafka.brokers.join(','), '100000'], process.env.BENCH_CPU_PROFILE);
  await Promise.all([base.ready, red.ready]);
  let warmUpVisits = 0;
  if (WARMUP_S > 0) {
    await load(base.port, WARMUP_S);
    warmUpVisits = (await load(red.port, WARMUP_S)).requests;
  }
  const baselineRounds: MeasuredRound[] = [];
  const redirectorRounds: MeasuredRound[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    baselineRounds.push(await measured(base, load));
    redirectorRounds.push(await measured(red, load, true));
  }
  // Scanners and typos: one visit in ten names a code that does not exist. Each such miss makes the read model catch
  // up before its 404 (read-your-writes), which must stay as cheap as a hit.
  const unknownShare = 0.1;
  const mixedCodes = codes.map((code, i) => (i % Math.round(1 / unknownShare) === 0 ? `zz${i.toString(36)}` : code));
  const mixedLoad = wrkLoader({
    codes: mixedCodes,
    host,
    connections: CONNECTIONS,
    threads: WRK_THREADS,
    durationS: DURATION_S,
    everyStatus: false,
  });
  const mixedBaselineRounds: MeasuredRound[] = [];
  const mixedRounds: MeasuredRound[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    mixedBaselineRounds.push(await measured(base, mixedLoad));
    mixedRounds.push(await measured(red, mixedLoad, true));
  }
  const baseline = summarize(baselineRounds);
  const redirector = summarize(redirectorRounds);
  const mixedBaseline = summarize(mixedBaselineRounds);
  const mixed = summarize(mixedRounds);
  // Click emission must keep up: a redirector that answered fast by leaving its events queued would not count.
  const drainStarted = Date.now();
  const visits = warmUpVisits + redirector.total + mixed.total - mixed.bad;
  let published = await clicksPublished(red.port);
  while (published < visits && Date.now() - drainStarted < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    published = await clicksPublished(red.port);
  }
  const drainMs = Date.now() - drainStarted;
  await Promise.all([stopChild(base), stopChild(red)]);

  console.log(
    `\nredirect throughput (wrk, ${WRK_THREADS} thread(s), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s each after a ${WARMUP_S} s warm-up of each, random codes of 100,000)`,
  );
  const discarded = benchEnv.BENCH_CLICK_SINK === 'discard';
  console.log(
    discarded
      ? 'click events built, then DISCARDED unsent (BENCH_CLICK_SINK=discard: a diagnostic, not the target configuration)'
      : `click events produced by: ${process.env.CLICK_PUBLISHER ?? 'thread'} (CLICK_PUBLISHER)`,
  );
  console.log(line('baseline', baseline));
  console.log(line('redirector', redirector));
  console.log(`ratio        ${(redirector.rate / baseline.rate).toFixed(2)} (target >= 0.6; p99 target < 5 ms)`);
  console.log('server CPU (what each answer costs, whatever the load generator takes of the same cores)');
  console.log(cpuLine('baseline', baseline));
  console.log(cpuLine('redirector', redirector));
  console.log('rounds (in the order run; "waiting for one": the event loop was ready to run but not on a core)');
  baselineRounds.forEach((round, i) => {
    console.log(roundLine('baseline', i, round));
    const redirectorRound = redirectorRounds[i];
    if (redirectorRound) console.log(roundLine('redirector', i, redirectorRound));
  });
  console.log(
    `\nwith ${unknownShare * 100} % unknown codes (each a 404 after the read model caught up; "not 302" counts them)`,
  );
  console.log(line('baseline', mixedBaseline));
  console.log(line('redirector', mixed));
  console.log(
    `ratio        ${(mixed.rate / mixedBaseline.rate).toFixed(2)}; redirector CPU per request ${mixed.cpuPerRequest.toFixed(1)} µs against ${redirector.cpuPerRequest.toFixed(1)} µs with every code known`,
  );
  console.log(
    `clicks       ${published} click events ${discarded ? 'discarded' : 'acknowledged by Kafka'} for ${visits} visits (${warmUpVisits} of them in the warm-up), ${drainMs} ms after the load ended`,
  );

  const fresh = await startChild(['redirector', kafka.brokers.join(','), '1000000']);
  const stats = await fresh.ready;
  await stopChild(fresh);
  const mib = (bytes = 0) => Math.round(bytes / 2 ** 20);
  console.log('\nfresh instance with 1,000,000 links on the links topic');
  console.log(`ready after  ${(stats.readyMs ?? 0) / 1000} s (target < 60 s)`);
  console.log(
    `memory       read model ${mib(stats.heapGrowth)} MiB of heap (target < 1 GB); process rss ${mib(stats.rss)} MiB, of which the in-process log ${mib(stats.logHeap)} MiB`,
  );
  await kafka.stop();
}

runMain(main);
