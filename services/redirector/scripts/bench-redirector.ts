/*
 * `npm run bench:redirector` (issue 4): bare node:http 302 baseline vs the redirector with 100,000 links and click
 * emission on, same load (autocannon, 64 connections, random codes) in alternating rounds; then memory and ready time of a fresh
 * instance with 1,000,000 links on the links topic. Servers run in child processes so the load generator does not share
 * their event loop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { startKafkaMock } from '@waymark/testkit';
import { benchCode, benchTenant } from './bench-links';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 64;

interface Child {
  process: ChildProcess;
  port: number;
  ready: Promise<Record<string, number>>;
}

function startChild(args: string[]): Promise<Child> {
  const child = fork(`${__dirname}/bench-server.js`, args, { execArgv: ['--expose-gc', '--max-old-space-size=4096'] });
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

async function load(port: number, host: string, codes: string[]): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { host, 'user-agent': 'Mozilla/5.0 (bench) Firefox/128.0' },
    requests: [{ setupRequest: (req) => ({ ...req, path: `/${codes[Math.floor(Math.random() * codes.length)]}` }) }],
  });
}

/** The redirector's count of click events Kafka acknowledged, from its /metrics. */
async function clicksPublished(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const match = /^redirector_clicks_published\{[^}]*\} (\d+)/m.exec(text);
  if (!match) throw new Error('redirector_clicks_published is missing from /metrics');
  return Number(match[1]);
}

interface Summary {
  rate: number;
  total: number;
  /** Median of the rounds' p50, worst of their p99. */
  p50: number;
  p99: number;
  bad: number;
}

function summarize(rounds: autocannon.Result[]): Summary {
  const p50s = rounds.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    rate: rounds.reduce((sum, r) => sum + r.requests.average, 0) / rounds.length,
    total: rounds.reduce((sum, r) => sum + r.requests.total, 0),
    p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99: Math.max(...rounds.map((r) => r.latency.p99)),
    bad: rounds.reduce((sum, r) => sum + r.non2xx - r['3xx'], 0),
  };
}

const line = (name: string, r: Summary) =>
  `${name.padEnd(12)} ${Math.round(r.rate).toString().padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms (worst round)   non-3xx ${r.bad}`;

async function main(): Promise<void> {
  const kafka = await startKafkaMock();
  const host = benchTenant().defaultDomain;
  const codes = Array.from({ length: 100_000 }, (_, i) => benchCode(i));

  // Both servers run side by side and are loaded in alternating rounds, so that whatever else the machine does
  // weighs on both sides of the ratio alike.
  const base = await startChild(['baseline']);
  const red = await startChild(['redirector', kafka.brokers.join(','), '100000']);
  await Promise.all([base.ready, red.ready]);
  const baselineRounds: autocannon.Result[] = [];
  const redirectorRounds: autocannon.Result[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    baselineRounds.push(await load(base.port, host, codes));
    redirectorRounds.push(await load(red.port, host, codes));
  }
  const baseline = summarize(baselineRounds);
  const redirector = summarize(redirectorRounds);
  // Click emission must keep up: a redirector that answered fast by leaving its events queued would not count.
  const drainStarted = Date.now();
  let published = await clicksPublished(red.port);
  while (published < redirector.total && Date.now() - drainStarted < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    published = await clicksPublished(red.port);
  }
  const drainMs = Date.now() - drainStarted;
  base.process.kill();
  red.process.kill();

  console.log(`\nredirect throughput (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s each, random codes of 100,000)`);
  console.log(`click events produced by: ${process.env.CLICK_PUBLISHER ?? 'thread'} (CLICK_PUBLISHER)`);
  console.log(line('baseline', baseline));
  console.log(line('redirector', redirector));
  console.log(`ratio        ${(redirector.rate / baseline.rate).toFixed(2)} (target >= 0.6; p99 target < 5 ms)`);
  console.log(`clicks       ${published} click events acknowledged by Kafka for ${redirector.total} visits, ${drainMs} ms after the load ended`);

  const fresh = await startChild(['redirector', kafka.brokers.join(','), '1000000']);
  const stats = await fresh.ready;
  fresh.process.kill();
  const mib = (bytes = 0) => Math.round(bytes / 2 ** 20);
  console.log('\nfresh instance with 1,000,000 links on the links topic');
  console.log(`ready after  ${(stats.readyMs ?? 0) / 1000} s (target < 60 s)`);
  console.log(`memory       read model ${mib(stats.heapGrowth)} MiB of heap (target < 1 GB); process rss ${mib(stats.rss)} MiB, of which the in-process log ${mib(stats.logHeap)} MiB`);
  await kafka.stop();
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
