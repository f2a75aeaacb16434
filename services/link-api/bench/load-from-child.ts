import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
}

/**
 * Drives load with autocannon in its own process, so the load generator never shares the event loop (or its CPU
 * time slices) with the server being measured.
 */
export async function loadFromChild(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadResult> {
  const args = [require.resolve('autocannon/autocannon.js'), '--json', '-c', '16', '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}
