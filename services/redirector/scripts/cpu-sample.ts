import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU time a bench server has used so far, in microseconds. */
export interface CpuSample {
  /** Every thread of the process (process.cpuUsage): event loop, producer thread, GC and libuv helpers. */
  readonly processUs: number;
  /** The event loop's thread alone, from /proc (Linux); null where /proc is missing. Clock-tick resolution (10 ms). */
  readonly mainThreadUs: number | null;
}

let ticksPerSecond: number | undefined;

export function sampleCpu(): CpuSample {
  const usage = process.cpuUsage();
  return { processUs: usage.user + usage.system, mainThreadUs: mainThreadUs() };
}

/** utime and stime of the main thread (its tid is the pid), fields 14 and 15 of /proc/<pid>/task/<tid>/stat. */
function mainThreadUs(): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces; the fields after it are counted from its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}
