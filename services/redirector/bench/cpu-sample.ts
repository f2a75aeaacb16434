import { readdirSync, readFileSync } from 'node:fs';

/** CPU time a bench server has used so far, in microseconds. */
export interface CpuSample {
  /** Every thread of the process (process.cpuUsage): event loop, producer thread, GC and libuv helpers. */
  readonly processUs: number;
  /** The event loop's thread alone, on a CPU; null where /proc/<pid>/task/<tid>/schedstat is missing (not Linux). */
  readonly mainThreadUs: number | null;
  /**
   * How long the event loop's thread was ready to run but waited for a CPU (the scheduler's run-queue delay);
   * null where schedstat is missing. Time the event loop waits here is time it answers nobody, whatever its own
   * cost per request: on a machine whose cores are shared with the load generator this is the contention.
   */
  readonly mainThreadWaitUs: number | null;
  /**
   * Time on a CPU of every thread of the process by thread id (the event loop's included), so that a round whose
   * CPU beyond the event loop climbs tells which thread took it (the producer thread is one thread; V8's collector
   * helpers and libuv's pool are several); empty where /proc is missing.
   */
  readonly threadsUs: Readonly<Record<string, number>>;
}

export function sampleCpu(): CpuSample {
  const usage = process.cpuUsage();
  const main = mainThreadSchedstat();
  return {
    processUs: usage.user + usage.system,
    mainThreadUs: main?.runUs ?? null,
    mainThreadWaitUs: main?.waitUs ?? null,
    threadsUs: threadsRunUs(),
  };
}

function threadsRunUs(): Record<string, number> {
  const threads: Record<string, number> = {};
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return threads;
  }
  for (const tid of tids) {
    const stat = schedstat(tid);
    if (stat) threads[tid] = stat.runUs;
  }
  return threads;
}

/**
 * `/proc/<pid>/task/<tid>/schedstat` of the main thread (its tid is the pid): nanoseconds on a CPU, nanoseconds
 * waiting on a run queue, time slices. Nanosecond resolution, unlike the clock ticks of `stat`.
 */
function mainThreadSchedstat(): { runUs: number; waitUs: number } | null {
  return schedstat(String(process.pid));
}

/** A thread's schedstat (it may have ended since its id was listed: null then). */
function schedstat(tid: string): { runUs: number; waitUs: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8');
  } catch {
    return null;
  }
  const [run, wait] = text.trim().split(' ').map(Number);
  if (run === undefined || wait === undefined || !Number.isFinite(run) || !Number.isFinite(wait)) return null;
  return { runUs: run / 1000, waitUs: wait / 1000 };
}
