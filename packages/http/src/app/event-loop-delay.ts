/**
 * How late this process's event loop runs: a timer that should fire every `intervalMs` notes how much later it fired.
 * A process starved of CPU (the machine saturated) or blocked by synchronous work shows it here before anywhere else,
 * since every request it accepts waits behind the same loop. One monitor per process serves every app in it (the
 * embedded mode runs six); its timer is unref'd, so it never keeps a process alive.
 */
export interface EventLoopDelay {
  /** The delay of the latest sample, in ms: how late the loop was the last time it was measured. */
  currentMs(): number;
}

const SAMPLE_INTERVAL_MS = 250;

/** A monitor sampling every `intervalMs`; `stop` ends its timer. */
export function monitorEventLoopDelay(intervalMs: number): EventLoopDelay & { stop(): void } {
  let latestMs = 0;
  let expected = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    latestMs = Math.max(0, now - expected);
    expected = now + intervalMs;
  }, intervalMs);
  timer.unref();
  return { currentMs: () => latestMs, stop: () => clearInterval(timer) };
}

let shared: EventLoopDelay | undefined;

/** The process's monitor, started on first use. */
export function processEventLoopDelay(): EventLoopDelay {
  return (shared ??= monitorEventLoopDelay(SAMPLE_INTERVAL_MS));
}
