import { fork } from 'node:child_process';
import path from 'node:path';
import { wrkLoader, type LoadRound } from '@waymark/testkit';

export interface RatioResult {
  redirector: number;
  baseline: number;
  redirectorP99: number;
  baselineP99: number;
}

export const RATIO_ROUNDS = 3;
export const RATIO_ROUND_SECONDS = 5;
export const RATIO_CONNECTIONS = 64;

/** The bare node:http 302 server (bare-302-server.js) as its own process. */
export async function startBareServer(): Promise<{ port: number; pid: number; stop(): void }> {
  const child = fork(path.join(__dirname, 'bare-302-server.js'));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`bare 302 server exited with ${code}`)));
  });
  return { port, pid: child.pid as number, stop: () => child.kill() };
}

/**
 * Redirect throughput of one redirector instance (its own port, no gateway) against a bare node:http 302 server,
 * with the load generator of bench:redirector (wrk, one thread; see @waymark/testkit wrkLoader), in alternating rounds
 * so the machine's other work weighs on both alike.
 */
export async function oneInstanceRatio(
  redirectorPort: number,
  host: string,
  codes: readonly string[],
): Promise<RatioResult> {
  const load = wrkLoader({ codes, host, connections: RATIO_CONNECTIONS, threads: 1, durationS: RATIO_ROUND_SECONDS });
  const bare = await startBareServer();
  try {
    const red: LoadRound[] = [];
    const base: LoadRound[] = [];
    for (let round = 0; round < RATIO_ROUNDS; round += 1) {
      base.push(await load(bare.port));
      red.push(await load(redirectorPort));
    }
    const bad = red.reduce((sum, r) => sum + r.bad, 0);
    if (bad > 0) throw new Error(`${bad} redirector answers were not 302s (or failed)`);
    const mean = (rounds: LoadRound[]) => rounds.reduce((sum, r) => sum + r.rate, 0) / rounds.length;
    return {
      redirector: mean(red),
      baseline: mean(base),
      redirectorP99: Math.max(...red.map((r) => r.p99Ms)),
      baselineP99: Math.max(...base.map((r) => r.p99Ms)),
    };
  } finally {
    bare.stop();
  }
}
