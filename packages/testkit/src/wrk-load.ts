import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { findBinary } from './find-binary';
import type { LatencyHistogram } from './latency-histogram';

const run = promisify(execFile);

/** The JSON line wrk/random-codes.lua prints when a run ends; latencies in microseconds. */
const wrkResult = z.object({
  requests: z.number().int().nonnegative(),
  durationUs: z.number().int().positive(),
  connectErrors: z.number().int().nonnegative(),
  readErrors: z.number().int().nonnegative(),
  writeErrors: z.number().int().nonnegative(),
  timeouts: z.number().int().nonnegative(),
  /** Answers of 400 and above, counted by wrk itself. */
  statusErrors: z.number().int().nonnegative(),
  /** Answers other than 302, counted by the script's response(); 0 when it has none (everyStatus false). */
  notRedirect: z.number().int().nonnegative(),
  p50Us: z.number().int().nonnegative(),
  p99Us: z.number().int().nonnegative(),
  maxUs: z.number().int().nonnegative(),
  latencyUs: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
});

export interface LoadRound {
  readonly requests: number;
  readonly rate: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Answers other than 302 (only those of 400 and above when everyStatus is false), plus socket errors and timeouts. */
  readonly bad: number;
  /** wrk's latency histogram: each distinct latency (µs) with how many answers took it; see latency-histogram.ts. */
  readonly latencyUs: LatencyHistogram;
}

export interface WrkLoadOptions {
  readonly codes: readonly string[];
  readonly host: string;
  readonly connections: number;
  readonly threads: number;
  readonly durationS: number;
  /**
   * Whether wrk checks the status of every answer (default true). False leaves wrk its own count of answers of 400
   * and above only, which costs it nothing per answer; the caller must then check the other statuses itself, as
   * bench:redirector does from the server's count by status (see wrk/random-codes.lua).
   */
  readonly everyStatus?: boolean;
}

/**
 * The wrk script, a file of its own in this package (packages/testkit/wrk), found from the package root so that it
 * resolves alike from the compiled code and from the sources under jest.
 */
const SCRIPT = join(dirname(require.resolve('@waymark/testkit/package.json')), 'wrk', 'random-codes.lua');

/** A round of load on the port; `durationS` overrides the options' (a benchmark's warm-up round, say). */
export type WrkLoad = (port: number, durationS?: number) => Promise<LoadRound>;

/**
 * Drives a redirect server with wrk (Debian's package, installed by scripts/provision-bench-deps.sh; C, so the load
 * generator takes far less of the machine's cores than a Node one would) and wrk/random-codes.lua: a random code
 * of the set per request on the given Host, every answer that is not a 302 counted. The benchmarks of the redirector
 * (bench:redirector) and of the whole system (bench:system) share it, so their figures come from the same load.
 */
export function wrkLoader(options: WrkLoadOptions): WrkLoad {
  const wrk = findBinary('wrk', 'bash scripts/provision-bench-deps.sh (apt-get install -y wrk)');
  // wrk runs without complaint when its -s script is missing (no Host, no random codes, no result line).
  if (!existsSync(SCRIPT)) throw new Error(`the wrk script ${SCRIPT} is missing`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-codes-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const codesFile = join(dir, 'codes.txt');
  writeFileSync(codesFile, `${options.codes.join('\n')}\n`);
  return async (port, durationS = options.durationS) => {
    const args = [
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${durationS}s`,
      '-s',
      SCRIPT,
      `http://127.0.0.1:${port}/`,
      '--',
      codesFile,
      options.host,
    ];
    // The result line carries the latency histogram: a few thousand pairs, tens of KB.
    const env = options.everyStatus === false ? { ...process.env, WRK_STATUS_CHECK: 'errors' } : process.env;
    const { stdout } = await run(wrk, args, { maxBuffer: 16 << 20, env });
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_RESULT '));
    if (!line) throw new Error(`wrk printed no result line:\n${stdout}`);
    const result = wrkResult.parse(JSON.parse(line.slice('WRK_RESULT '.length)));
    return {
      requests: result.requests,
      rate: result.requests / (result.durationUs / 1e6),
      p50Ms: result.p50Us / 1000,
      p99Ms: result.p99Us / 1000,
      // With the every-status check a 4xx/5xx is in both counts; without it, notRedirect is 0.
      bad:
        (options.everyStatus === false ? result.statusErrors : result.notRedirect) +
        result.connectErrors +
        result.readErrors +
        result.writeErrors +
        result.timeouts,
      latencyUs: result.latencyUs,
    };
  };
}
