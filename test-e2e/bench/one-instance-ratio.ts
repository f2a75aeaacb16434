import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export interface RatioResult {
  redirector: number;
  baseline: number;
  redirectorP99: number;
  baselineP99: number;
}

const ROUNDS = 3;
const ROUND_SECONDS = 5;
const CONNECTIONS = 64;

async function startBareServer(): Promise<{ port: number; stop(): void }> {
  const child = fork(path.join(__dirname, 'bare-302-server.js'));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`bare 302 server exited with ${code}`)));
  });
  return { port, stop: () => child.kill() };
}

function load(port: number, host: string, codes: readonly string[]): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: ROUND_SECONDS,
    headers: { host, 'user-agent': 'Mozilla/5.0 (bench) Firefox/128.0' },
    requests: [{ setupRequest: (req) => ({ ...req, path: `/${codes[Math.floor(Math.random() * codes.length)]}` }) }],
  });
}

/**
 * Redirect throughput of one redirector instance (its own port, no gateway) against a bare node:http 302 server,
 * same load generator, in alternating rounds so the machine's other work weighs on both alike.
 */
export async function oneInstanceRatio(redirectorPort: number, host: string, codes: readonly string[]): Promise<RatioResult> {
  const bare = await startBareServer();
  try {
    const red: autocannon.Result[] = [];
    const base: autocannon.Result[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      base.push(await load(bare.port, host, codes));
      red.push(await load(redirectorPort, host, codes));
    }
    const mean = (results: autocannon.Result[]) => results.reduce((sum, r) => sum + r.requests.average, 0) / results.length;
    const badRedirects = red.reduce((sum, r) => sum + r.non2xx - r['3xx'], 0);
    if (badRedirects > 0) throw new Error(`${badRedirects} redirector answers were not redirects`);
    return {
      redirector: mean(red),
      baseline: mean(base),
      redirectorP99: Math.max(...red.map((r) => r.latency.p99)),
      baselineP99: Math.max(...base.map((r) => r.latency.p99)),
    };
  } finally {
    bare.stop();
  }
}
