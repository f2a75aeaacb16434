/**
 * How late this process's event loop runs: a timer that should fire every `intervalMs` notes how much later it fired.
 * A process starved of CPU (the machine saturated) or kept busy by synchronous work shows it here before anywhere else,
 * since every request it accepts waits behind the same loop. One monitor per process serves every app in it (the
 * embedded mode runs six); its timer is unref'd, so it never keeps a process alive.
 */
export interface EventLoopDelay {
  /**
   * The least delay (ms) of the last SUSTAINED_SAMPLES samples: how late the loop has been all along lately. One
   * pause (a garbage collection, a start-up step) delays one sample only, so it never counts.
   */
  currentMs(): number;
}

const SAMPLE_INTERVAL_MS = 250;
const SUSTAINED_SAMPLES = 3;

/** A monitor sampling every `intervalMs`; `stop` ends its timer. */
export function monitorEventLoopDelay(intervalMs: number): EventLoopDelay & { stop(): void } {
  const recent: number[] = [];
  let expected = performance.now() + intervalMs;
  const timer = setInterval(() => {
    const now = performance.now();
    recent.push(Math.max(0, now - expected));
    if (recent.length > SUSTAINED_SAMPLES) recent.shift();
    expected = now + intervalMs;
  }, intervalMs);
  timer.unref();
  return {
    currentMs: () => (recent.length < SUSTAINED_SAMPLES ? 0 : Math.min(...recent)),
    stop: () => clearInterval(timer),
  };
}

let shared: EventLoopDelay | undefined;

/** The process's monitor, started on first use. */
export function processEventLoopDelay(): EventLoopDelay {
  return (shared ??= monitorEventLoopDelay(SAMPLE_INTERVAL_MS));
}
