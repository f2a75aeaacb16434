/*
 * The redirect probe's own process (started by redirect-probe.ts through run-ts): open-loop visits at a fixed rate,
 * each timed from its send to its answer's end. Its event loop does nothing else, and it carries none of the test
 * runner's heap, so what it measures is the embedded process's answer time, not the runner's collections.
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProbeReport, ProbeStart } from './redirect-probe';

let sending: NodeJS.Timeout | undefined;
const latenciesMs: number[] = [];
const wrong = new Map<string, number>();
let sent = 0;
let answered = 0;
let maxLateMs = 0;
const ownDelay = monitorEventLoopDelay({ resolution: 5 });

function visit(start: ProbeStart, agent: Agent): void {
  sent += 1;
  const began = performance.now();
  const count = (what: string) => {
    wrong.set(what, (wrong.get(what) ?? 0) + 1);
    answered += 1;
  };
  const req = request(
    {
      host: '127.0.0.1',
      port: start.port,
      path: start.path,
      agent,
      headers: { host: start.host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', accept: 'text/html' },
      timeout: 10_000,
    },
    (response) => {
      response.resume();
      response.on('end', () => {
        const location = response.headers.location;
        if (response.statusCode !== 302 || location !== start.location) {
          return count(`${response.statusCode} ${location ?? ''}`);
        }
        latenciesMs.push(performance.now() - began);
        answered += 1;
      });
    },
  );
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', (error: NodeJS.ErrnoException) => count(error.code ?? error.message));
  req.end();
}

function begin(start: ProbeStart): void {
  // Idle connections are dropped well before the server's keep-alive timeout (node's 5 s), so no visit is sent on a
  // connection the server is closing at that moment (a reset no browser would show, since it retries those).
  const agent = new Agent({ keepAlive: true, timeout: 2_000 });
  ownDelay.enable();
  const startedAt = performance.now();
  // Each tick sends every visit due by now: a late tick sends its backlog at once, and the lateness is reported.
  sending = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) / 1000) * start.perSecond);
    if (due - sent > 1) maxLateMs = Math.max(maxLateMs, ((due - sent - 1) / start.perSecond) * 1000);
    while (sent < due) visit(start, agent);
  }, 2);
}

async function finish(): Promise<ProbeReport> {
  clearInterval(sending);
  const deadline = Date.now() + 15_000;
  while (answered < sent && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  ownDelay.disable();
  const ownDelayP99Ms = ownDelay.percentile(99) / 1e6;
  return { sent, answered, latenciesMs, wrong: Object.fromEntries(wrong), maxLateMs, ownDelayP99Ms };
}

process.on('message', (message: { type: 'start'; start: ProbeStart } | { type: 'stop' }) => {
  if (message.type === 'start') begin(message.start);
  else void finish().then((report) => process.send?.(report, () => process.exit(0)));
});
process.send?.('ready');
